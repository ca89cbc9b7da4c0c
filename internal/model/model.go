// Package model holds the value types that entities store as JSON columns
// (theme, print options, welcome popup, addresses, crops, pack contents).
// They carry no behaviour that needs the database, so both ent and the
// domain packages can import them.
package model

import (
	"strings"

	"github.com/studio/gallery/internal/money"
)

// Theme is a gallery's look: the template, its variant, the grid and the viewer.
type Theme struct {
	Theme           string     `json:"theme"`
	Variant         string     `json:"variant"`
	PhotosGap       Gap        `json:"photosGap"`
	PhotosLayout    string     `json:"photosLayout"`
	ViewerLimitSize bool       `json:"viewerLimitSize"`
	ViewerMaxSize   int        `json:"viewerMaxSize"`
	ViewerVariant   string     `json:"viewerVariant"`
	ColorTheme      ColorTheme `json:"colorTheme"`
}

// Gap is the space between photos in pixels (the spec's photosGap.value).
type Gap struct {
	Value int `json:"value"`
}

// ColorTheme holds the four base colours; tints are derived by the client.
type ColorTheme struct {
	Colors Colors `json:"colors"`
}

// Colors are CSS hex colours such as "#8a6d3b".
type Colors struct {
	Primary   string `json:"primary"`
	Secondary string `json:"secondary"`
	Light     string `json:"light"`
	Accent    string `json:"accent"`
}

// DefaultTheme is what a new gallery starts with.
func DefaultTheme() Theme {
	return Theme{
		Theme: "classic", Variant: "light", PhotosGap: Gap{Value: 8}, PhotosLayout: "masonry",
		ViewerLimitSize: true, ViewerMaxSize: 2048, ViewerVariant: "dark",
		ColorTheme: ColorTheme{Colors: Colors{Primary: "#2f3e46", Secondary: "#84a98c", Light: "#f7f4ef", Accent: "#c9a227"}},
	}
}

// Policy values for the gallery's print options.
const (
	PolicyAllowed   = "allowed"
	PolicyForbidden = "forbidden"
	PolicyAsk       = "ask"
)

// PrintOptions are the gallery-wide rules for prints.
type PrintOptions struct {
	NonHomotheticity Policy `json:"nonHomotheticity"`
	WhiteBorders     Policy `json:"whiteBorders"`
	// Finish is the default finish offered first: "glossy" or "mat".
	Finish string `json:"finish"`
}

// Policy wraps a policy value, as the spec names it (nonHomotheticity.policy).
type Policy struct {
	Policy string `json:"policy"`
}

// DefaultPrintOptions allows everything and defaults to a glossy finish.
func DefaultPrintOptions() PrintOptions {
	return PrintOptions{
		NonHomotheticity: Policy{Policy: PolicyAllowed},
		WhiteBorders:     Policy{Policy: PolicyAllowed},
		Finish:           "glossy",
	}
}

// Welcome popup modes.
const (
	WelcomeMsgOnly          = "msgOnly"
	WelcomeMsgAndFirstSteps = "msgAndFirstSteps"
)

// WelcomePopup is the message shown when a gallery opens. MessageForClients
// and MessageForVisitors are written in the gallery's default language;
// Translations hold the texts the photographer wrote in other languages
// (fr, nl, en), by language.
type WelcomePopup struct {
	Mode               string                        `json:"mode"`
	MessageForClients  string                        `json:"messageForClients"`
	MessageForVisitors string                        `json:"messageForVisitors"`
	Translations       map[string]WelcomeTranslation `json:"translations,omitempty"`
	// DefaultLanguage is the gallery's language, set when the popup is read
	// with its gallery (never stored): Localized falls back to it.
	DefaultLanguage string `json:"-"`
}

// WelcomeTranslation is the welcome message in one language.
type WelcomeTranslation struct {
	Language           string `json:"language"`
	MessageForClients  string `json:"messageForClients"`
	MessageForVisitors string `json:"messageForVisitors"`
}

// texts returns the message written in language l: the default texts for
// the gallery's own language, else the translation (empty when none).
func (w *WelcomePopup) texts(l string) WelcomeTranslation {
	if l == w.DefaultLanguage || (w.DefaultLanguage == "" && l == "fr") {
		t := WelcomeTranslation{Language: l, MessageForClients: w.MessageForClients, MessageForVisitors: w.MessageForVisitors}
		if tr, ok := w.Translations[l]; ok {
			// A translation in the default language fills what the
			// default texts leave empty.
			t.MessageForClients = strings.TrimSpace(firstNonEmpty(t.MessageForClients, tr.MessageForClients))
			t.MessageForVisitors = strings.TrimSpace(firstNonEmpty(t.MessageForVisitors, tr.MessageForVisitors))
		}
		return t
	}
	tr := w.Translations[l]
	tr.Language = l
	return tr
}

func firstNonEmpty(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return a
	}
	return b
}

// Localized is what a guest reading language l sees: for each audience,
// the text written in l, else in the gallery's default language, else in
// French (the first of them that is not empty).
func (w *WelcomePopup) Localized(l string) WelcomeTranslation {
	out := WelcomeTranslation{Language: l}
	order := []string{l, w.DefaultLanguage, "fr"}
	for _, c := range order {
		if c == "" {
			continue
		}
		t := w.texts(c)
		if strings.TrimSpace(out.MessageForClients) == "" {
			out.MessageForClients = t.MessageForClients
		}
		if strings.TrimSpace(out.MessageForVisitors) == "" {
			out.MessageForVisitors = t.MessageForVisitors
		}
	}
	return out
}

// TranslationList is Translations in the order fr, nl, en.
func (w *WelcomePopup) TranslationList() []*WelcomeTranslation {
	out := []*WelcomeTranslation{}
	for _, l := range []string{"fr", "nl", "en"} {
		if t, ok := w.Translations[l]; ok {
			t.Language = l
			out = append(out, &t)
		}
	}
	return out
}

// DownloadInformation says whether and how the gallery's files may be downloaded.
type DownloadInformation struct {
	// FreeDownload lets anyone with access download without buying.
	FreeDownload bool `json:"freeDownload"`
	// ClientsOnly restricts free downloads to privileged clients.
	ClientsOnly bool `json:"clientsOnly"`
	// Qualities offered: "web", "hd" or both.
	Qualities []string `json:"qualities"`
	Message   string   `json:"message"`
}

// Address is a billing or shipping address.
type Address struct {
	Title       string `json:"title"` // "Monsieur" or "Madame"
	Firstname   string `json:"firstname"`
	Lastname    string `json:"lastname"` // a name or a company
	Address     string `json:"address"`
	Address2    string `json:"address2"`
	PostalCode  string `json:"postalCode"`
	City        string `json:"city"`
	Country     string `json:"country"` // ISO 3166-1 alpha-2
	PhoneNumber string `json:"phoneNumber"`
	VatNumber   string `json:"vatNumber"`
}

// ClientData is what the buyer gives at the address step.
type ClientData struct {
	Email          string   `json:"email"`
	Billing        Address  `json:"billing"`
	Shipping       *Address `json:"shipping,omitempty"`
	DeliveryOption string   `json:"deliveryOption"` // "shipping" or "pickup"
	SameAsBilling  bool     `json:"sameAsBilling"`
}

// Crop is a rectangle in the photo's own pixel space.
type Crop struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Width  int `json:"width"`
	Height int `json:"height"`
}

// PackContent is the photos chosen for a pack instance.
type PackContent struct {
	Formats      []PackFormatChoice `json:"formats"`
	DigitalFiles []PackFormatChoice `json:"digitalFiles"`
}

// PackFormatChoice is one format of a pack with the photos picked for it.
type PackFormatChoice struct {
	FormatID string            `json:"formatId"`
	Photos   []PackPhotoChoice `json:"photos"`
}

// PackPhotoChoice is one photo in a pack format, with its print options.
type PackPhotoChoice struct {
	PhotoID  string `json:"photoId"`
	Quantity int    `json:"quantity"`
	Finish   string `json:"finish,omitempty"`
	Border   string `json:"border,omitempty"`
	Crop     *Crop  `json:"crop,omitempty"`
}

// ShippingRate prices home delivery of one lab's products to a zone.
type ShippingRate struct {
	// Zone names the zone for the photographer ("Belgique", "Europe").
	Zone string `json:"zone"`
	// Countries are ISO 3166-1 alpha-2 codes; empty means every country
	// no other rate of the same lab names.
	Countries []string `json:"countries"`
	// Lab is the lab shipping the products; empty means any lab without a
	// rate of its own.
	Lab string `json:"lab"`
	// Price in euro cents, VAT included.
	Price int `json:"price"`
	// FreeFrom is the merchandise subtotal in cents (before discounts)
	// from which this rate costs nothing; 0: never free.
	FreeFrom int `json:"freeFrom,omitempty"`
}

// PlannedFile is one photo of a download archive part, with its name in
// the archive.
type PlannedFile struct {
	PhotoID string `json:"photoId"`
	Name    string `json:"name"`
}

// OrderLineDetails is what an order line records beyond its price, for
// the lab, the delivery of digital files and the closing of the cart it
// came from. The JSON keys are those of the untyped map the lines held
// before (issue 21): stored lines read back as they are.
type OrderLineDetails struct {
	// CartItemID is the cart item the line was ordered from.
	CartItemID string `json:"cartItemId,omitempty"`
	// Format is the format's displayed name; Quality a digital format's
	// quality (web, hd); Lab the print format's lab.
	Format  string `json:"format,omitempty"`
	Quality string `json:"quality,omitempty"`
	Lab     string `json:"lab,omitempty"`
	// Filename is the photo's file name.
	Filename string `json:"filename,omitempty"`
	// Finish, Border and Crop are a print's options.
	Finish string `json:"finish,omitempty"`
	Border string `json:"border,omitempty"`
	Crop   *Crop  `json:"crop,omitempty"`
	// Content is a pack's chosen photos; DigitalQualities maps each of
	// its digital formats to its quality.
	Content          *PackContent      `json:"content,omitempty"`
	DigitalQualities map[string]string `json:"digitalQualities,omitempty"`
}

// PriceMoney is the rate's price as the GraphQL schema shows it.
func (r ShippingRate) PriceMoney() money.Money { return money.EURCents(r.Price) }

// FreeFromMoney is the free-shipping threshold, nil when there is none.
func (r ShippingRate) FreeFromMoney() *money.Money {
	if r.FreeFrom <= 0 {
		return nil
	}
	m := money.EURCents(r.FreeFrom)
	return &m
}
