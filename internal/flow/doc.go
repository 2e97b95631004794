// Package flow follows data between the calls of a session (issue 18): which labelled results
// came before a call (`after`), and whether a call's arguments carry text of one of them
// (`carries`), so that a policy can say "nothing leaves after a web page came in without a
// person" and "what read_inbox returned does not go out through send_email".
//
// # What a session keeps
//
// A [Session] keeps the labels its results carried (the first result of each) and, for the
// labels some `carries` rule names, fingerprints of those results: the FNV-1a hashes of every
// informative window of RunLength (8) characters, never the texts. It holds at most
// MaxFingerprints (65,536) fingerprints from at most MaxSources (4,096) results, about 2.4 MiB
// at the bound as measured; past it, `carries L` acts as `after L` for the labels concerned, so
// the bound fails closed. [Sessions] keeps one per client and forgets it after IdleExpiry.
//
// # What carries compares, exactly
//
// A result's text is its string values with their JSON escapes undone, and its numbers as
// written; a string that is itself JSON is read once more for its own strings. A call's
// arguments are compared value by value (never object keys): each string on its own, its
// percent-decoded form where it holds an escape, and the base64-decoded form of it, or of any
// run of 12 or more base64 characters in it, where that gives text. Characters are Unicode code
// points, compared exactly (case included). A window counts unless it carries no information:
//
//   - a URL's scheme with its "://" is removed first (letters, digits, "+", "-", "." before
//     "://", or a scheme cut by the window's end);
//   - what is left counts when it holds a digit, or one of "@", "/", "_", "." with a letter or
//     digit on both sides (an address, a path, an identifier, a host name);
//   - else it counts only when it holds two words that are not stop words. A word is a run of
//     letters, taken whole where the window cuts it; a stop word is a word of one letter, or one
//     of the common function words of English, French, German or Spanish listed in stopWords
//     (articles, pronouns, prepositions, conjunctions, auxiliaries), in any case. So a run of
//     whitespace or punctuation, one word of letters with punctuation or space around it, and
//     common phrases (" in the ", " of the project.") never count.
//
// So addresses, ids, numbers and any two words that are not stop words ("relocating to Lisbon")
// copied from a result count.
//
// # What verbatim tracking cannot see
//
// A model that rewrites the data defeats it: a paraphrase, a translation, a summary, hex or any
// encoding other than percent-encoding and base64, text reversed, split into runs shorter than
// eight characters, or joined by invisible characters. TestVerbatimTrackingMisses in core
// measures this on the incident scenarios. That is why `after` exists: a rule on what came
// before a call holds whatever the model wrote.
package flow
