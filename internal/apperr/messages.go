package apperr

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/studio/gallery/internal/lang"
)

// The catalogs: one JSON file per language, a message per key. A message
// with plural forms is an object ({"one": …, "other": …}, the forms CLDR
// gives the language) chosen by Args["Count"]. go-i18n rather than
// x/text/message: its catalogs are plain files a translator edits (x/text
// wants generated Go or code that builds them), with CLDR plural rules and
// text/template placeholders.
//
//go:embed messages/*.json
var catalogFiles embed.FS

// Args are a message's parameters, by placeholder name.
type Args map[string]any

// Amount is a sum of money in cents as a message parameter: written the
// way the language writes it (fr, nl "12,50", en "12.50"; "20" when whole).
type Amount int64

func (a Amount) in(t lang.Tag) string {
	if a%100 == 0 {
		return strconv.FormatInt(int64(a)/100, 10)
	}
	s := fmt.Sprintf("%d.%02d", int64(a)/100, int64(a)%100)
	if t != lang.EN {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

var (
	localizers = map[lang.Tag]*i18n.Localizer{}
	// plural holds, per language, the keys whose message has plural forms:
	// only those take a plural count (go-i18n asks a plain message for
	// a "one" form it does not have).
	plural = map[lang.Tag]map[string]bool{}
)

func init() {
	b := i18n.NewBundle(language.French)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, t := range lang.Supported {
		name := "messages/" + string(t) + ".json"
		if _, err := b.LoadMessageFileFS(catalogFiles, name); err != nil {
			panic("apperr: catalog " + string(t) + ": " + err.Error())
		}
		raw, _ := catalogFiles.ReadFile(name)
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			panic("apperr: catalog " + string(t) + ": " + err.Error())
		}
		plural[t] = map[string]bool{}
		for k, v := range m {
			if len(v) > 0 && v[0] == '{' {
				plural[t][k] = true
			}
		}
		localizers[t] = i18n.NewLocalizer(b, string(t))
	}
}

// Render is the message key with args in language t (French when t is not
// supported). A key missing from the catalogs renders as itself: the
// catalog test keeps that from happening.
func Render(t lang.Tag, key string, args Args) string {
	loc, ok := localizers[t]
	if !ok {
		t, loc = lang.Default, localizers[lang.Default]
	}
	data := make(map[string]any, len(args))
	for k, v := range args {
		if a, ok := v.(Amount); ok {
			v = a.in(t)
		}
		data[k] = v
	}
	cfg := &i18n.LocalizeConfig{MessageID: key, TemplateData: data}
	if n, ok := args["Count"]; ok && plural[t][key] {
		cfg.PluralCount = n
	}
	s, err := loc.Localize(cfg)
	if err != nil || s == "" {
		return key
	}
	return s
}

// Message is e's message in language t.
func (e *Error) Message(t lang.Tag) string {
	key := e.Key
	if key == "" {
		key = e.Code
	}
	return Render(t, key, e.Args)
}

// Localized is e's message in the request's language (French when the
// request named none the product speaks).
func (e *Error) Localized(ctx context.Context) string {
	return e.Message(lang.Or(ctx, lang.Default))
}
