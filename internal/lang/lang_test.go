package lang

import (
	"context"
	"strings"
	"testing"
)

func TestFromAcceptLanguage(t *testing.T) {
	for _, c := range []struct {
		h    string
		want Tag
		ok   bool
	}{
		{"nl-BE,nl;q=0.9,fr;q=0.8", NL, true},
		{"de-DE,en-GB;q=0.5,fr;q=0.7", FR, true},
		{"en", EN, true},
		{"fr;q=0, en;q=0.1", EN, true},
		{"de, es", "", false},
		{"", "", false},
		{"*", "", false},
		{"nl;q=abc,en;q=0.2", EN, true},
		{"fr\x00;q=1", "", false},
		{strings.Repeat("de,", 1000) + "nl", "", false},
	} {
		got, ok := FromAcceptLanguage(c.h)
		if got != c.want || ok != c.ok {
			t.Errorf("FromAcceptLanguage(%.40q) = %q %v, want %q %v", c.h, got, ok, c.want, c.ok)
		}
	}
}

func TestOr(t *testing.T) {
	ctx := context.Background()
	if got := Or(ctx, ""); got != FR {
		t.Errorf("nothing: %q", got)
	}
	if got := Or(ctx, NL); got != NL {
		t.Errorf("gallery default: %q", got)
	}
	if got := Or(With(ctx, EN), NL); got != EN {
		t.Errorf("request first: %q", got)
	}
	if got := Or(ctx, "xx"); got != FR {
		t.Errorf("bad default: %q", got)
	}
}
