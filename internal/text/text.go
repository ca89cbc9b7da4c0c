// Package text holds the one rule every text input obeys: valid UTF-8
// without NUL or other control characters. Messages (share, contact,
// notes) may hold line breaks and tabs; single-line fields (names, codes,
// e-mails, address lines, ids) may not. Both API doors check every string
// that enters with Check at their edge (server: REST bodies, paths,
// queries and headers; GraphQL variables and literal arguments), and the
// domain's validation checks single-line fields with Line, so nothing
// reaches the database with a NUL or a byte sequence PostgreSQL refuses.
package text

import (
	"net/http"
	"unicode"
	"unicode/utf8"

	"github.com/studio/gallery/internal/apperr"
)

// ErrInvalid answers a text that is not valid UTF-8 or holds a control
// character it may not hold; it names the field at fault.
var ErrInvalid = apperr.New("invalid_input", http.StatusBadRequest,
	"invalid_characters")

// Problem says what is wrong with s as a message (line breaks and tabs
// allowed), or "" when nothing is.
func Problem(s string) string {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !validAt(s, i):
			return "invalid_utf8"
		case r == '\n' || r == '\r' || r == '\t':
		case unicode.IsControl(r):
			return "control_character"
		}
	}
	return ""
}

// LineProblem is Problem for a single-line field: line breaks and tabs are
// refused too.
func LineProblem(s string) string {
	if p := Problem(s); p != "" {
		return p
	}
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' {
			return "line_break"
		}
	}
	return ""
}

// validAt reports whether the U+FFFD at byte i of s is written out (three
// bytes) rather than the decoder's answer to a bad byte.
func validAt(s string, i int) bool {
	r, n := utf8.DecodeRuneInString(s[i:])
	return r == utf8.RuneError && n == 3
}

// Check refuses a message (line breaks and tabs allowed) that is not valid
// UTF-8 or holds another control character, naming field.
func Check(s string, field ...string) error {
	if Problem(s) != "" {
		return ErrInvalid.WithField(field...)
	}
	return nil
}

// Line refuses a single-line field that is not valid UTF-8 or holds a
// control character, line breaks and tabs included, naming field.
func Line(s string, field ...string) error {
	if LineProblem(s) != "" {
		return ErrInvalid.WithField(field...)
	}
	return nil
}

// Cut shortens s to at most n bytes without splitting a character (a
// column's byte limit; PostgreSQL refuses a broken UTF-8 sequence).
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
