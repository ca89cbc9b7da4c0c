// Package lang says which language a request speaks. The product speaks
// French, Dutch and English; French is the default. The language of a
// request is the visitor's choice (the client sends it as Accept-Language),
// else the browser's Accept-Language, else the gallery's default language,
// else French.
package lang

import (
	"context"
	"sort"
	"strconv"
	"strings"
)

// Tag is a language the product speaks: "fr", "nl" or "en".
type Tag string

const (
	FR Tag = "fr"
	NL Tag = "nl"
	EN Tag = "en"
)

// Default is the language when nothing else decides.
const Default = FR

// Supported lists the languages, the default first.
var Supported = []Tag{FR, NL, EN}

// Parse reads a language tag such as "nl", "nl-BE" or "EN_gb" and says
// which supported language it names.
func Parse(s string) (Tag, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "-_"); i >= 0 {
		s = s[:i]
	}
	switch t := Tag(strings.ToLower(s)); t {
	case FR, NL, EN:
		return t, true
	}
	return "", false
}

// Valid says whether t is exactly a supported language ("nl", not "NL"
// or "nl-BE", which Parse reads).
func Valid(t Tag) bool {
	switch t {
	case FR, NL, EN:
		return true
	}
	return false
}

// maxHeader bounds the Accept-Language read: a browser sends a few dozen
// bytes; anything longer is cut, not parsed.
const maxHeader = 512

// FromAcceptLanguage picks the supported language the header prefers most
// (RFC 9110 quality values; order breaks ties). It says false when the
// header names none of them.
func FromAcceptLanguage(h string) (Tag, bool) {
	if len(h) > maxHeader {
		h = h[:maxHeader]
	}
	type choice struct {
		tag Tag
		q   float64
		pos int
	}
	var found []choice
	for i, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(part, ";")
		t, ok := Parse(name)
		if !ok {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
					q = f
				} else {
					q = 0
				}
			}
		}
		if q > 0 {
			found = append(found, choice{t, q, i})
		}
	}
	if len(found) == 0 {
		return "", false
	}
	sort.SliceStable(found, func(a, b int) bool { return found[a].q > found[b].q })
	return found[0].tag, true
}

type ctxKey struct{}

// With returns a context that carries the request's language.
func With(ctx context.Context, t Tag) context.Context {
	return context.WithValue(ctx, ctxKey{}, t)
}

// From says the language the request asked for, if it asked for one the
// product speaks.
func From(ctx context.Context) (Tag, bool) {
	t, ok := ctx.Value(ctxKey{}).(Tag)
	return t, ok && t != ""
}

// Or is the request's language, else the gallery's default (when valid),
// else French.
func Or(ctx context.Context, galleryDefault Tag) Tag {
	if t, ok := From(ctx); ok {
		return t
	}
	if t, ok := Parse(string(galleryDefault)); ok {
		return t
	}
	return Default
}
