// The entry of the editor bundle: the parts of CodeMirror 6 the page uses, bundled by esbuild
// (`make editor`, run as `go tool esbuild`) into site/codemirror.js, one local ES module the page
// imports. The bundle is generated and git-ignored; this list is its source.
export { EditorState, Compartment, EditorSelection, Text, Transaction } from '@codemirror/state';
export {
  EditorView, keymap, lineNumbers, highlightActiveLineGutter, highlightSpecialChars, drawSelection,
  highlightActiveLine, rectangularSelection, placeholder,
} from '@codemirror/view';
export { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
export {
  syntaxHighlighting, HighlightStyle, bracketMatching, foldGutter, foldKeymap, indentOnInput, syntaxTree,
} from '@codemirror/language';
export { json } from '@codemirror/lang-json';
export { lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
export { search, searchKeymap, highlightSelectionMatches } from '@codemirror/search';
export { tags } from '@lezer/highlight';
