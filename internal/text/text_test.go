package text

import (
	"errors"
	"testing"

	"github.com/studio/gallery/internal/apperr"
)

func TestCheckAndLine(t *testing.T) {
	for _, tc := range []struct {
		in          string
		check, line bool // accepted
	}{
		{"Mariage de Julie", true, true},
		{"Été 2026 \uFFFD ok", true, true},
		{"deux\nlignes\tet\r", true, false},
		{"nul\x00", false, false},
		{"bip\x07", false, false},
		{"del\x7f", false, false},
		{"c1\u0085", false, false},
		{"bad\xff\xfe", false, false},
		{"cut\xc3", false, false},
		{"", true, true},
	} {
		if got := Check(tc.in, "f") == nil; got != tc.check {
			t.Errorf("Check(%q) accepted=%v, want %v", tc.in, got, tc.check)
		}
		err := Line(tc.in, "a", "b")
		if got := err == nil; got != tc.line {
			t.Errorf("Line(%q) accepted=%v, want %v", tc.in, got, tc.line)
		}
		if err != nil {
			ae := apperr.As(err)
			if !errors.Is(err, apperr.ErrInvalidInput) || ae.Status != 400 || len(ae.Field) != 2 || ae.Field[1] != "b" {
				t.Errorf("Line(%q) = %#v, want invalid_input on [a b]", tc.in, ae)
			}
		}
	}
}

func TestCut(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"}, {"abc", 2, "ab"}, {"été", 1, ""}, {"été", 2, "é"}, {"été", 3, "ét"}, {"a€b", 3, "a"}, {"a€b", 4, "a€"},
	} {
		if got := Cut(c.s, c.n); got != c.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
