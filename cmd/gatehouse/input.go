package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// stdinName is how messages name standard input.
const stdinName = "<stdin>"

// An input is one text the user named on the command line: a file, or standard input.
type input struct {
	name string // the path as given, or "<stdin>": the "file" of "file:line:column"
	uri  string // the SARIF artifact location; "" for standard input, which has none
	text string
}

// read reads the file at path, or standard input when path is "" or "-". what names the input
// in messages about standard input ("the instance", "--policy"). The read stops one byte past the
// parse limit: core would refuse a larger text anyway, and a runaway pipe must not fill memory.
func (s *session) read(what, path string) (*input, error) {
	limit := int64(core.About(core.AboutRequest{}).Limits.TextBytes)
	var r io.Reader
	in := &input{name: path}
	if path == "" || path == "-" {
		if s.stdinName != "" {
			return nil, i18n.Errorf("%s and %s cannot both be read from standard input: name a file for one of them", s.stdinName, what)
		}
		s.stdinName = what
		in.name = stdinName
		r = s.stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, pathError(path, err)
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return nil, i18n.Errorf("%s: is a directory, not a JSON file", path)
		}
		r = f
		in.uri = fileURI(path)
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, pathError(in.name, err)
	}
	if int64(len(b)) > limit {
		return nil, i18n.Errorf("%s: larger than %d MiB, the most gatehouse reads", in.name, limit>>20)
	}
	in.text = string(b)
	return in, nil
}

// pathError says what went wrong with a file without repeating the operation's name:
// "policy.json: no such file or directory".
func pathError(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", name, pe.Err)
	}
	return fmt.Errorf("%s: %v", name, err)
}

// fileURI turns a path as given into a SARIF artifact URI: a relative reference stays relative
// (code scanning resolves it against the repository root), with forward slashes and escaping.
func fileURI(path string) string {
	u := url.URL{Path: filepath.ToSlash(path)}
	return u.String()
}
