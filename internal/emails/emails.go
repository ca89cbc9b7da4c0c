// Package emails renders the product's e-mails from embedded templates:
// one shared layout, one template per e-mail, a plain-text part
// (text/template) and a designed HTML part (html/template, which escapes
// every name and message a visitor typed), in French, Dutch or English.
// The words live in messages/{fr,nl,en}.json; a test fails when a key or a
// template is missing in one language.
package emails

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"net/url"
	"regexp"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// Name names one e-mail: its templates are templates/{name}.txt and .html.
type Name string

// The e-mails the server sends.
const (
	// AccessCode: the one-time code that confirms a visitor's address.
	AccessCode Name = "access_code"
	// ClientCode: a client's code, sent again to the address it was registered for.
	ClientCode Name = "client_code"
	// Share: a visitor shares the gallery with someone.
	Share Name = "share"
	// Contact: a visitor's message, to the photographer.
	Contact Name = "contact"
	// AlbumSent: the album selection was sent, to the photographer.
	AlbumSent Name = "album_sent"
	// OrderConfirmation: to the buyer, once paid.
	OrderConfirmation Name = "order_confirmation"
	// OrderPhotographer: a new paid order, to the photographer.
	OrderPhotographer Name = "order_photographer"
	// OrderSent: the prints were shipped.
	OrderSent Name = "order_sent"
	// OrderReady: the prints wait at the studio.
	OrderReady Name = "order_ready"
	// OrderCancelled: the order was cancelled (and refunded when paid).
	OrderCancelled Name = "order_cancelled"
	// OrderRefunded: the order was refunded.
	OrderRefunded Name = "order_refunded"
	// OrderLatePayment: a payment for an order that no longer waited for
	// one, being refunded; to the photographer.
	OrderLatePayment Name = "order_late_payment"
	// DownloadReady: the links to download photos.
	DownloadReady Name = "download_ready"
	// StudioCode: the one-time code that signs a photographer in to the studio.
	StudioCode Name = "studio_code"
)

// Names lists every e-mail, for the tests and the screenshots.
var Names = []Name{AccessCode, ClientCode, Share, Contact, AlbumSent, OrderConfirmation,
	OrderPhotographer, OrderSent, OrderReady, OrderCancelled, OrderRefunded, OrderLatePayment, DownloadReady, StudioCode}

// Brand is what every e-mail of a gallery shows around its body: the
// gallery, its colours and cover, and the photographer who signs it.
type Brand struct {
	// Gallery is the event's name; GalleryURL its absolute address.
	Gallery    string
	GalleryURL string
	// Cover is the absolute address of an image anyone may see, or "".
	Cover string
	// Colours, each #rrggbb: the header, the button, the page behind.
	Primary, Accent, Light string
	// The photographer who signs the e-mail.
	Studio, StudioEmail, StudioPhone, StudioWebsite string
	// Account marks an e-mail about the photographer's own account (no
	// gallery): the footer says so.
	Account bool
}

// AccountBrand is the brand of an e-mail to a photographer about their
// account: the studio's name over the default colours, linking to the
// studio.
func AccountBrand(publicURL string, pg *ent.Photographer) Brand {
	def := model.DefaultTheme().ColorTheme.Colors
	return Brand{Gallery: pg.Name, GalleryURL: strings.TrimRight(publicURL, "/") + "/studio",
		Primary: colour(def.Primary, "#2f3e46"), Accent: colour(def.Accent, "#c9a227"), Light: colour(def.Light, "#f7f4ef"),
		Studio: pg.Name, Account: true}
}

// BrandOf is g's brand. cover is g's cover photo (nil for none); it is
// shown only when a stranger may see it (a public gallery, a photo that is
// not private), so an e-mail forwarded further leaks nothing protected.
func BrandOf(publicURL string, g *ent.Gallery, pg *ent.Photographer, cover *ent.Photo) Brand {
	base := strings.TrimRight(publicURL, "/")
	b := Brand{Gallery: g.EventName, GalleryURL: base + "/" + url.PathEscape(g.URL)}
	c := g.Theme.ColorTheme.Colors
	def := model.DefaultTheme().ColorTheme.Colors
	b.Primary, b.Accent, b.Light = colour(c.Primary, def.Primary), colour(c.Accent, def.Accent), colour(c.Light, def.Light)
	if cover != nil && !cover.IsPrivate && g.IsPublic && cover.ContentHash != "" {
		b.Cover = base + media.URL(cover.ID, cover.ContentHash, media.Pick(cover.Derivatives, 1280))
	}
	if pg != nil {
		b.Studio, b.StudioEmail, b.StudioPhone, b.StudioWebsite = pg.Name, pg.Email, pg.Phone, pg.Website
	}
	return b
}

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// colour keeps c when it is a plain #rrggbb (the only form written into
// a style attribute), else def.
func colour(c, def string) string {
	if hexColour.MatchString(c) {
		return c
	}
	return def
}

// Language is the language an e-mail is written in: t when it is one the
// product speaks, else the gallery's default, else French.
func Language(t lang.Tag, galleryDefault string) lang.Tag {
	if v, ok := lang.Parse(string(t)); ok && t != "" {
		return v
	}
	if v, ok := lang.Parse(galleryDefault); ok {
		return v
	}
	return lang.Default
}

// Email is a rendered e-mail.
type Email struct {
	Subject, Text, HTML string
}

// Message addresses e.
func (e Email) Message(to []string, replyTo string) mail.Message {
	return mail.Message{To: to, ReplyTo: replyTo, Subject: e.Subject, Text: e.Text, HTML: e.HTML}
}

// view is what a template sees: the brand, the e-mail's data, the language.
type view struct {
	B       Brand
	D       any
	Lang    lang.Tag
	Subject string
}

// Render writes e-mail n in language l, with data d (the struct the
// e-mail's templates read: AccessCodeData, OrderData...).
func Render(n Name, l lang.Tag, b Brand, d any) (Email, error) {
	set, ok := sets[l]
	if !ok {
		set = sets[lang.Default]
		l = lang.Default
	}
	t, ok := set[n]
	if !ok {
		return Email{}, fmt.Errorf("emails: no e-mail %q", n)
	}
	v := view{B: b, D: d, Lang: l}
	var subj, text, html bytes.Buffer
	if err := t.text.ExecuteTemplate(&subj, "subject", v); err != nil {
		return Email{}, fmt.Errorf("emails: %s subject: %w", n, err)
	}
	v.Subject = strings.Join(strings.Fields(subj.String()), " ")
	if err := t.text.ExecuteTemplate(&text, "layout", v); err != nil {
		return Email{}, fmt.Errorf("emails: %s text: %w", n, err)
	}
	if err := t.html.ExecuteTemplate(&html, "layout", v); err != nil {
		return Email{}, fmt.Errorf("emails: %s html: %w", n, err)
	}
	return Email{
		Subject: v.Subject,
		Text:    tidy(text.String()),
		HTML:    html.String(),
	}, nil
}

// tidy trims the text part's lines and keeps at most one empty line in a
// row, so that templates may be laid out for reading.
func tidy(s string) string {
	var b strings.Builder
	blank := true // no empty line at the top
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, " \t")
		if line == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

//go:embed templates messages
var files embed.FS

type pair struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// catalogs holds each language's words; sets each language's parsed e-mails.
var (
	catalogs = map[lang.Tag]map[string]string{}
	sets     = map[lang.Tag]map[Name]pair{}
)

func init() {
	for _, l := range lang.Supported {
		raw, err := fs.ReadFile(files, "messages/"+string(l)+".json")
		if err != nil {
			panic(err)
		}
		cat := map[string]string{}
		if err := json.Unmarshal(raw, &cat); err != nil {
			panic(fmt.Sprintf("emails: messages/%s.json: %v", l, err))
		}
		catalogs[l] = cat
		sets[l] = map[Name]pair{}
		for _, n := range Names {
			p, err := parse(l, n)
			if err != nil {
				panic(err)
			}
			sets[l][n] = p
		}
	}
}

func parse(l lang.Tag, n Name) (pair, error) {
	fm := funcs(l)
	txt, err := texttemplate.New("layout").Funcs(fm).Option("missingkey=error").
		ParseFS(files, "templates/layout.txt", "templates/"+string(n)+".txt")
	if err != nil {
		return pair{}, fmt.Errorf("emails: %s.txt: %w", n, err)
	}
	html, err := htmltemplate.New("layout").Funcs(fm).Option("missingkey=error").
		ParseFS(files, "templates/layout.html", "templates/"+string(n)+".html")
	if err != nil {
		return pair{}, fmt.Errorf("emails: %s.html: %w", n, err)
	}
	return pair{text: txt, html: html}, nil
}

// Button is the call to action the layout draws.
type Button struct{ Colour, URL, Label string }

// funcs are the templates' helpers in language l.
func funcs(l lang.Tag) map[string]any {
	cat := catalogs[l]
	t := func(key string, args ...any) (string, error) {
		s, ok := cat[key]
		if !ok {
			return "", fmt.Errorf("emails: no message %q in %s", key, l)
		}
		if len(args) == 0 {
			return s, nil
		}
		return fmt.Sprintf(s, args...), nil
	}
	return map[string]any{
		"t": t,
		// tn picks key.one or key.other by n (French counts 0 as one), n first.
		"tn": func(key string, n int, args ...any) (string, error) {
			form := ".other"
			if n == 1 || (l == lang.FR && n == 0) {
				form = ".one"
			}
			return t(key+form, append([]any{n}, args...)...)
		},
		"money": func(c int) string { return Money(l, money.Cents(c)) },
		"date":  func(at time.Time) string { return Date(l, at) },
		"lines": func(s string) []string { return strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") },
		"btn":   func(colour, url, label string) Button { return Button{Colour: colour, URL: url, Label: label} },
		"lang":  func() string { return string(l) },
		"inc":   func(i int) int { return i + 1 },
	}
}

// Money writes cents the way l writes euros: "12,50 €", "€ 12,50", "€12.50".
func Money(l lang.Tag, c money.Cents) string {
	d := money.Decimal(c).String()
	switch l {
	case lang.NL:
		return "€ " + strings.Replace(d, ".", ",", 1)
	case lang.EN:
		if strings.HasPrefix(d, "-") {
			return "-€" + d[1:]
		}
		return "€" + d
	}
	return money.French(c)
}

// Date writes a moment (already in the photographer's time zone) in l.
func Date(l lang.Tag, at time.Time) string {
	switch l {
	case lang.NL:
		return at.Format("02/01/2006 om 15.04 uur")
	case lang.EN:
		return at.Format("2 January 2006 at 15:04")
	}
	return at.Format("02/01/2006 à 15h04")
}

// BrandFor loads what g's brand needs: its photographer (unless loaded
// with it) and its cover, read only when a stranger may see it.
func BrandFor(ctx context.Context, db *ent.Client, publicURL string, g *ent.Gallery) (Brand, error) {
	ctx = viewer.SystemContext(ctx)
	pg := g.Edges.Photographer
	if pg == nil {
		var err error
		if pg, err = db.Photographer.Get(ctx, g.PhotographerID); err != nil {
			return Brand{}, fmt.Errorf("emails: photographer: %w", err)
		}
	}
	var cover *ent.Photo
	if g.IsPublic && g.CoverPhotoID != nil {
		c, err := db.Photo.Get(ctx, *g.CoverPhotoID)
		if err != nil && !ent.IsNotFound(err) {
			return Brand{}, fmt.Errorf("emails: cover: %w", err)
		}
		cover = c
	}
	return BrandOf(publicURL, g, pg, cover), nil
}

// VisitorLanguage is the language of an e-mail a visitor's request sends:
// the request's language, else g's default, else French.
func VisitorLanguage(ctx context.Context, g *ent.Gallery) lang.Tag {
	return lang.Or(ctx, lang.Tag(g.Language))
}

// GalleryLanguage is the language of e-mails to g's photographer and of
// those whose visitor named none: g's default, else French.
func GalleryLanguage(g *ent.Gallery) lang.Tag {
	return Language("", g.Language)
}
