package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	entcart "github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// The cart through both doors, on the demo: gala-2026 (public; here it
// sells its digital files, which the demo gives away) and julie-et-thomas
// (code and e-mail), 6 photos each, the last one private.
// Prices are the demo's: 10x15 2.50, 13x18 3.90, 30x45 24.00, Toile 30x45
// 69.00, Fichier web 4.00, Fichier HD 9.00 (the whole gallery 149.00),
// Pack Souvenir 39.00; Labo Photo Bruxelles ships to Benelux for 4.90 and
// to Europe for 8.90; 10 % off from 50 euros, 15 % from 100; VAT 21 %.

// cartEnv is the demo with the ids the cart calls take.
type cartEnv struct {
	*env
	sys     context.Context
	gala    string
	wedding string
	// photos are gala's visible photos in order: 1200x800, 800x1200,
	// 1200x800, 800x1200, 1000x1000.
	photos  []*ent.Photo
	private *ent.Photo
	// Format ids of gala.
	p9x13, p10x15, p13x18, p30x45, fineArt, toile30x45, toile40x60, web, hd string
	souvenir, famille                                                       string
}

func newCartEnv(t *testing.T) *cartEnv {
	t.Helper()
	e := newEnv(t, 6)
	sellGalleryFiles(t, e.db.Client, "gala-2026")
	s := &cartEnv{env: e, sys: viewer.SystemContext(context.Background()), gala: e.galleryID("gala-2026"), wedding: e.galleryID("julie-et-thomas")}
	s.photos = e.visiblePhotos(s.gala)
	s.private = e.privatePhoto(s.gala)
	s.p9x13, s.p10x15, s.p13x18, s.p30x45 = s.formatID(s.gala, "Papier photo", "9 x 13"), s.formatID(s.gala, "Papier photo", "10 x 15"),
		s.formatID(s.gala, "Papier photo", "13 x 18"), s.formatID(s.gala, "Papier photo", "30 x 45")
	s.fineArt = s.formatID(s.gala, "Papier Fine Art", "20 x 30")
	s.toile30x45, s.toile40x60 = s.formatID(s.gala, "Toile sur châssis", "Toile 30 x 45"), s.formatID(s.gala, "Toile sur châssis", "Toile 40 x 60")
	s.web, s.hd = s.formatID(s.gala, "Fichiers numériques", "Fichier web"), s.formatID(s.gala, "Fichiers numériques", "Fichier HD")
	packID := func(name string) string {
		return e.db.Client.Pack.Query().Where(pack.HasGalleryWith(gallery.ID(s.gala)), pack.DisplayName(name)).OnlyIDX(s.sys)
	}
	s.souvenir, s.famille = packID("Pack Souvenir"), packID("Pack Famille")
	if len(s.photos) != 5 || s.photos[4].Width != 1000 {
		t.Fatalf("unexpected demo photos: %d", len(s.photos))
	}
	return s
}

func (s *cartEnv) formatID(galleryID, fam, name string) string {
	s.t.Helper()
	for _, f := range s.db.Client.Format.Query().Where(format.HasGalleryWith(gallery.ID(galleryID)), format.HasFamilyWith(family.Name(fam))).AllX(s.sys) {
		if catalogue.FormatName(f) == name {
			return f.ID
		}
	}
	s.t.Fatalf("no format %s %s", fam, name)
	return ""
}

// The parts both doors answer alike.
type cartMoney struct{ Amount, Currency string }

type cartTotals struct {
	Merchandise, Discount, ShippingBeforeDiscount, Shipping, TotalBeforeGiftCards, GiftCards, Total cartMoney
	Vat                                                                                             struct {
		RatePercent  float64
		Base, Amount cartMoney
	}
}

// String writes the sums for comparison.
func (t cartTotals) String() string {
	return fmt.Sprintf("merchandise %s, discount %s, shipping %s, gift cards %s, total %s",
		t.Merchandise.Amount, t.Discount.Amount, t.Shipping.Amount, t.GiftCards.Amount, t.Total.Amount)
}

type cartVoucher struct {
	Code, Kind       string
	Applied          bool
	Reason, Message  *string
	Amount           cartMoney
	RemainingBalance *cartMoney
}

type cartDiscount struct {
	Source       string
	Code         *string
	Percent      int
	Amount       cartMoney
	FreeShipping bool
}

type cartProblem struct{ CartItemID, Country, Reason, Message string }

type cartClientData struct {
	Email          string
	Billing        struct{ Country string }
	Shipping       *struct{ Country string }
	DeliveryOption string
	SameAsBilling  bool
}

type cartCrop struct {
	X      int `json:"x"`
	Y      int `json:"y"`
	Width  int `json:"width"`
	Height int `json:"height"`
}

// restCart is the REST cart (cartJSON), or a refusal.
type restCart struct {
	ID      string `json:"_id"`
	Version int
	Photos  []struct {
		ID                     string `json:"_id"`
		Kind, Photo, Format    string
		FormatName             string
		Finish, Border         *string
		Crop                   *cartCrop
		Quantity               int
		UnitPrice, Total       cartMoney
		WhiteMargin, Available bool
	}
	OngoingPacks, Packs   []restCartPack
	AllDigitalFileFormats []struct {
		ID         string `json:"_id"`
		Format     string
		Price      cartMoney
		PhotoCount int
	}
	Vouchers          []cartVoucher
	Discount          *cartDiscount
	PhotosNeedRetouch bool
	CartUpdated       bool
	ClientData        *cartClientData
	AvailablePacks    []string
	RegroupSuggestion *struct {
		Pack   string
		Saving cartMoney
	}
	NeedsDelivery                   bool
	DeliveryOption, ShippingCountry string
	ShippingProblems                []cartProblem
	PickupAddress                   string
	Totals                          cartTotals
	ItemCount                       int
	restError
}

type restCartPack struct {
	ID                    string `json:"_id"`
	PackInstanceID        string
	ClientPackName        string
	GalleryItem           string
	Formats, DigitalFiles []struct {
		Format                        string
		Quantity, MaxPhotos, Selected int
		Photos                        []struct {
			PhotoID        string
			Quantity       int
			Finish, Border string
		}
	}
	RemainingPhotos int
	Complete        bool
	UnitPrice       cartMoney
}

// lines writes the prints and files as "p0#10 x 15 x2".
func (s *cartEnv) lines(c restCart) []string {
	out := []string{}
	for _, p := range c.Photos {
		out = append(out, fmt.Sprintf("%s#%s x%d", s.photoName(p.Photo), p.FormatName, p.Quantity))
	}
	return out
}

func (s *cartEnv) photoName(id string) string {
	for i, p := range s.photos {
		if p.ID == id {
			return fmt.Sprintf("p%d", i)
		}
	}
	return id
}

// cart sends a REST cart call in gala and decodes the answer.
func (s *cartEnv) cart(as *env, method, path string, body any) (int, restCart) {
	s.t.Helper()
	var c restCart
	status := as.call(method, "/api/cart"+path, s.gala, body, &c)
	return status, c
}

// cartOK is cart for a call that must succeed.
func (s *cartEnv) cartOK(as *env, method, path string, body any) restCart {
	s.t.Helper()
	status, c := s.cart(as, method, path, body)
	if status != 200 || c.ID == "" {
		s.t.Fatalf("%s %s: %d %+v", method, path, status, c.restError)
	}
	return c
}

// refusal checks that a REST cart call is refused with status and code.
func (s *cartEnv) refusal(as *env, method, path string, body any, status int, code string) restCart {
	s.t.Helper()
	got, c := s.cart(as, method, path, body)
	if got != status || c.Code != code || c.Message == "" || c.ID != "" {
		s.t.Fatalf("%s %s: %d %+v, want %d %s", method, path, got, c.restError, status, code)
	}
	return c
}

func wantCartTotals(t *testing.T, got cartTotals, want string) {
	t.Helper()
	if got.String() != want {
		t.Fatalf("totals:\n got %s\nwant %s", got, want)
	}
}

func TestCartPrintsOverREST(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p0 := s.photos[0]

	// The first read makes an empty cart.
	_, raw := b.do("GET", "/api/cart", nil, map[string]string{"X-Gallery-Id": s.gala})
	for _, part := range []string{`"photos":[]`, `"ongoingPacks":[]`, `"vouchers":[]`, `"discount":null`, `"shippingProblems":[]`, `"regroupSuggestion":null`} {
		if !bytes.Contains(raw, []byte(part)) {
			t.Errorf("empty cart lacks %s: %s", part, raw)
		}
	}
	c := s.cartOK(b, "GET", "", nil)
	if !strings.HasPrefix(c.ID, "crt_") || c.NeedsDelivery || c.ItemCount != 0 || c.ShippingCountry != "BE" || c.DeliveryOption != "shipping" ||
		!slices.Equal(c.AvailablePacks, []string{s.souvenir, s.famille}) || c.PickupAddress != "Studio Lumière, Rue de la Lumière 12, 1000 Bruxelles" {
		t.Fatalf("empty cart = %+v", c)
	}
	wantCartTotals(t, c.Totals, "merchandise 0.00, discount 0.00, shipping 0.00, gift cards 0.00, total 0.00")
	start := c.Version

	// Two 10x15: 5.00, shipped to BE for 4.90: 9.90. VAT contained: 5.00 ->
	// 0.87 (86.8), 4.90 -> 0.85 (85.04): 1.72, 8.18 without.
	c = s.cartOK(b, "POST", "/formats/"+p0.ID+"/"+s.p10x15, map[string]any{"quantity": 2})
	it := c.Photos[0]
	if len(c.Photos) != 1 || it.Kind != "print" || it.Photo != p0.ID || it.Format != s.p10x15 || it.FormatName != "10 x 15" || *it.Finish != "glossy" ||
		*it.Border != "none" || it.Crop != nil || it.Quantity != 2 || it.UnitPrice != (cartMoney{"2.50", "EUR"}) || it.Total.Amount != "5.00" ||
		it.WhiteMargin || !it.Available || !strings.HasPrefix(it.ID, "cti_") {
		t.Fatalf("print = %+v", it)
	}
	wantCartTotals(t, c.Totals, "merchandise 5.00, discount 0.00, shipping 4.90, gift cards 0.00, total 9.90")
	if v := c.Totals.Vat; v.RatePercent != 21 || v.Amount.Amount != "1.72" || v.Base.Amount != "8.18" || c.Totals.ShippingBeforeDiscount.Amount != "4.90" ||
		c.Totals.TotalBeforeGiftCards.Amount != "9.90" || !c.NeedsDelivery || c.ItemCount != 2 || c.Version != start+1 {
		t.Fatalf("cart = %+v", c)
	}
	// No body: one more of the same print, merged: 7.50 + 4.90 = 12.40.
	c = s.cartOK(b, "POST", "/formats/"+p0.ID+"/"+s.p10x15, nil)
	if got := s.lines(c); !slices.Equal(got, []string{"p0#10 x 15 x3"}) {
		t.Fatalf("lines = %v", got)
	}
	wantCartTotals(t, c.Totals, "merchandise 7.50, discount 0.00, shipping 4.90, gift cards 0.00, total 12.40")

	// A 13x18 cropped to its ratio (1108/800 = 18/13), mat with a white
	// border: 2 x 3.90; 7.50 + 7.80 = 15.30, + 4.90 = 20.20.
	crop := cartCrop{X: 46, Y: 0, Width: 1108, Height: 800}
	c = s.cartOK(b, "POST", "/formats/"+p0.ID+"/"+s.p13x18, map[string]any{"finish": "mat", "border": "white", "crop": crop, "quantity": 2})
	second := c.Photos[1]
	if *second.Finish != "mat" || *second.Border != "white" || second.Crop == nil || *second.Crop != crop || second.WhiteMargin {
		t.Fatalf("cropped print = %+v", second)
	}
	wantCartTotals(t, c.Totals, "merchandise 15.30, discount 0.00, shipping 4.90, gift cards 0.00, total 20.20")
	// Edited by its cart item id: one, defaults, no crop (white margins).
	// 7.50 + 3.90 = 11.40, + 4.90 = 16.30.
	c = s.cartOK(b, "POST", "/formats/"+p0.ID+"/"+s.p13x18+"/"+second.ID, map[string]any{"quantity": 1})
	if e := c.Photos[1]; e.ID != second.ID || e.Quantity != 1 || *e.Finish != "glossy" || *e.Border != "none" || e.Crop != nil || !e.WhiteMargin {
		t.Fatalf("edited print = %+v", e)
	}
	wantCartTotals(t, c.Totals, "merchandise 11.40, discount 0.00, shipping 4.90, gift cards 0.00, total 16.30")
	version := c.Version

	weddingPhoto := s.visiblePhotos(s.wedding)[0]
	for _, tc := range []struct {
		name, method, path string
		body               any
		status             int
		code               string
		field              []string
	}{
		{"crop outside the photo", "POST", "/formats/" + p0.ID + "/" + s.p13x18, map[string]any{"crop": cartCrop{X: 200, Width: 1108, Height: 800}}, 400, "invalid_crop", []string{"crop"}},
		{"crop of another ratio", "POST", "/formats/" + p0.ID + "/" + s.p13x18, map[string]any{"crop": cartCrop{Width: 800, Height: 800}}, 400, "invalid_crop", []string{"crop"}},
		{"format only sold in packs", "POST", "/formats/" + p0.ID + "/" + s.p9x13, nil, 422, "not_for_sale", []string{"formatId"}},
		// 1000 pixels over 45 cm: 56 dpi, under the 100 a print needs.
		{"print too large for the photo", "POST", "/formats/" + s.photos[4].ID + "/" + s.p30x45, nil, 422, "format_incompatible", []string{"formatId"}},
		{"private photo", "POST", "/formats/" + s.private.ID + "/" + s.p10x15, nil, 404, "photo_not_found", []string{"photoId"}},
		{"another gallery's photo", "POST", "/formats/" + weddingPhoto.ID + "/" + s.p10x15, nil, 404, "photo_not_found", []string{"photoId"}},
		{"quantity 0", "POST", "/formats/" + p0.ID + "/" + s.p10x15, map[string]any{"quantity": 0}, 400, "invalid_quantity", []string{"quantity"}},
		{"quantity 1000", "POST", "/formats/" + p0.ID + "/" + s.p10x15, map[string]any{"quantity": 1000}, 400, "invalid_quantity", []string{"quantity"}},
		{"mat on Fine Art", "POST", "/formats/" + p0.ID + "/" + s.fineArt, map[string]any{"finish": "mat"}, 400, "finish_not_offered", []string{"finish"}},
		{"unknown finish", "POST", "/formats/" + p0.ID + "/" + s.p10x15, map[string]any{"finish": "satin"}, 400, "finish_not_offered", []string{"finish"}},
		{"unknown field", "POST", "/formats/" + p0.ID + "/" + s.p10x15, map[string]any{"size": 3}, 400, "invalid_input", nil},
		{"edit an unknown item", "POST", "/formats/" + p0.ID + "/" + s.p10x15 + "/cti_nope", nil, 422, "cart_item_not_found", []string{"cartItemId"}},
		{"remove an unknown item", "DELETE", "/formats/" + p0.ID + "/" + s.p10x15 + "/cti_nope", nil, 422, "cart_item_not_found", []string{"cartItemId"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := s.refusal(b, tc.method, tc.path, tc.body, tc.status, tc.code)
			if !slices.Equal(c.Field, tc.field) {
				t.Fatalf("field = %v, want %v", c.Field, tc.field)
			}
		})
	}
	if c := s.cartOK(b, "GET", "", nil); c.Version != version || len(c.Photos) != 2 {
		t.Fatalf("refusals changed the cart: version %d -> %d, %v", version, c.Version, s.lines(c))
	}

	// Removing the 13x18: 12.40 again.
	c = s.cartOK(b, "DELETE", "/formats/"+p0.ID+"/"+s.p13x18+"/"+second.ID, nil)
	if got := s.lines(c); !slices.Equal(got, []string{"p0#10 x 15 x3"}) {
		t.Fatalf("lines = %v", got)
	}
	wantCartTotals(t, c.Totals, "merchandise 7.50, discount 0.00, shipping 4.90, gift cards 0.00, total 12.40")
}

type cartPhotoProduct struct {
	Format, WhiteMargin string
	RatioDiffers        bool
	Finishes, Borders   []string
	DefaultFinish       *string
	DefaultCrop         *cartCrop
}

func TestPhotoProductsAndCropRuleOverREST(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	products := func(photoID string) map[string]cartPhotoProduct {
		t.Helper()
		var ps []cartPhotoProduct
		if status := b.call("GET", "/api/cart/photoProducts/"+photoID, s.gala, nil, &ps); status != 200 {
			t.Fatalf("photoProducts: %d", status)
		}
		out := map[string]cartPhotoProduct{}
		for _, p := range ps {
			out[p.Format] = p
		}
		return out
	}
	// 13 formats sold alone; 9x13 only in packs.
	landscape := products(s.photos[0].ID)
	p13 := landscape[s.p13x18]
	if _, pack := landscape[s.p9x13]; len(landscape) != 13 || pack || !p13.RatioDiffers || p13.WhiteMargin != "warning" ||
		!slices.Equal(p13.Finishes, []string{"glossy", "mat"}) || *p13.DefaultFinish != "glossy" || !slices.Equal(p13.Borders, []string{"none", "white"}) ||
		*p13.DefaultCrop != (cartCrop{X: 46, Y: 0, Width: 1108, Height: 800}) {
		t.Fatalf("landscape: %d products, 13x18 %+v", len(landscape), p13)
	}
	if hd := landscape[s.hd]; hd.Finishes == nil || len(hd.Finishes) != 0 || hd.DefaultFinish != nil || hd.DefaultCrop != nil {
		t.Fatalf("HD file = %+v", hd)
	}
	// 1000 pixels are too few for 40x60 (42 dpi): listed all the same, for
	// the shop to show it disabled; setPrint refuses it.
	square := products(s.photos[4].ID)
	if _, ok := square[s.toile40x60]; len(square) != 13 || !ok || square[s.toile30x45].WhiteMargin != "crop_required" {
		t.Fatalf("square: %d products, canvas %+v", len(square), square[s.toile30x45])
	}
	var got restError
	if status := b.call("GET", "/api/cart/photoProducts/"+s.private.ID, s.gala, nil, &got); status != 404 || got.Code != "photo_not_found" {
		t.Fatalf("private photo: %d %+v", status, got)
	}

	// The photographer forbids white margins: a 13x18 of a 3:2 photo must be cropped.
	token, _ := s.token()
	var upd struct {
		UpdateGallery struct{ UserErrors []struct{ Code string } }
	}
	r := s.graphqlWith(bearer(token), `mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code } } }`,
		map[string]any{"input": map[string]any{"galleryId": s.gala, "settings": map[string]any{"printOptions": map[string]any{"nonHomotheticity": "forbidden"}}}}, &upd)
	if len(r.Errors) > 0 || len(upd.UpdateGallery.UserErrors) > 0 {
		t.Fatalf("updateGallery: %+v %+v", r.Errors, upd)
	}
	if p := products(s.photos[0].ID)[s.p13x18]; p.WhiteMargin != "crop_required" {
		t.Fatalf("13x18 after the change: %+v", p)
	}
	s.refusal(b, "POST", "/formats/"+s.photos[0].ID+"/"+s.p13x18, nil, 400, "crop_required")
	s.cartOK(b, "POST", "/formats/"+s.photos[0].ID+"/"+s.p13x18, map[string]any{"crop": p13.DefaultCrop})
	c := s.cartOK(b, "POST", "/formats/"+s.photos[0].ID+"/"+s.p10x15, nil) // same ratio: no crop needed
	if got := s.lines(c); !slices.Equal(got, []string{"p0#13 x 18 x1", "p0#10 x 15 x1"}) {
		t.Fatalf("lines = %v", got)
	}
}

func TestCartFilesOverREST(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p := s.photos
	// One HD file, twice: one file at 9.00, no delivery; VAT 1.56 (156.2).
	s.cartOK(b, "POST", "/digitalFiles/"+p[1].ID+"/"+s.hd, nil)
	c := s.cartOK(b, "POST", "/digitalFiles/"+p[1].ID+"/"+s.hd, nil)
	if got := s.lines(c); !slices.Equal(got, []string{"p1#Fichier HD x1"}) || c.Photos[0].Kind != "digital_file" || c.Photos[0].Finish != nil ||
		c.NeedsDelivery || c.Totals.Vat.Amount.Amount != "1.56" || c.Totals.Vat.Base.Amount != "7.44" {
		t.Fatalf("files: %v %+v", got, c)
	}
	wantCartTotals(t, c.Totals, "merchandise 9.00, discount 0.00, shipping 0.00, gift cards 0.00, total 9.00")
	s.cartOK(b, "POST", "/digitalFiles/"+p[0].ID+"/"+s.hd, nil)
	c = s.cartOK(b, "POST", "/digitalFiles/"+p[0].ID+"/"+s.web, nil)
	wantCartTotals(t, c.Totals, "merchandise 22.00, discount 0.00, shipping 0.00, gift cards 0.00, total 22.00")

	// The whole gallery in HD replaces the HD files: 149.00 + 4.00 = 153.00,
	// 15 % off from 100 euros (22.35 + 0.60) = 130.05.
	c = s.cartOK(b, "POST", "/digitalFiles/allGallery", map[string]string{"format": s.hd})
	if got := s.lines(c); !slices.Equal(got, []string{"p0#Fichier web x1"}) || len(c.AllDigitalFileFormats) != 1 {
		t.Fatalf("after the whole gallery: %v %+v", got, c.AllDigitalFileFormats)
	}
	if a := c.AllDigitalFileFormats[0]; a.Format != s.hd || a.Price.Amount != "149.00" || a.PhotoCount != 5 || !strings.HasPrefix(a.ID, "cti_") {
		t.Fatalf("whole gallery = %+v", a)
	}
	wantCartTotals(t, c.Totals, "merchandise 153.00, discount 22.95, shipping 0.00, gift cards 0.00, total 130.05")
	if d := c.Discount; d == nil || d.Source != "automatic" || d.Percent != 15 || d.Code != nil || d.Amount.Amount != "22.95" {
		t.Fatalf("discount = %+v", d)
	}
	s.refusal(b, "POST", "/digitalFiles/"+p[2].ID+"/"+s.hd, nil, 422, "covered_by_all_gallery")
	s.refusal(b, "POST", "/digitalFiles/allGallery", map[string]string{"format": s.p10x15}, 422, "format_not_found")
	s.refusal(b, "POST", "/digitalFiles/"+s.private.ID+"/"+s.web, nil, 404, "photo_not_found")

	c = s.cartOK(b, "DELETE", "/digitalFiles/allGallery/"+s.hd, nil)
	if len(c.AllDigitalFileFormats) != 0 {
		t.Fatal("whole gallery not removed")
	}
	wantCartTotals(t, c.Totals, "merchandise 4.00, discount 0.00, shipping 0.00, gift cards 0.00, total 4.00")
	c = s.cartOK(b, "DELETE", "/digitalFiles/"+p[0].ID+"/"+s.web, nil)
	if len(c.Photos) != 0 {
		t.Fatalf("lines = %v", s.lines(c))
	}

	// A photo to retouch first is flagged.
	s.db.Client.Photo.UpdateOne(p[3]).SetNeedsRetouch(true).ExecX(s.sys)
	if c = s.cartOK(b, "POST", "/digitalFiles/"+p[2].ID+"/"+s.web, nil); c.PhotosNeedRetouch {
		t.Fatal("flagged without the photo")
	}
	if c = s.cartOK(b, "POST", "/digitalFiles/"+p[3].ID+"/"+s.web, nil); !c.PhotosNeedRetouch {
		t.Fatal("photo to retouch not flagged")
	}
}

type cartPackBody struct {
	FormatID string           `json:"formatId"`
	Photos   []map[string]any `json:"photos"`
}

func packPhotos(qty int, photos ...*ent.Photo) []map[string]any {
	var out []map[string]any
	for _, p := range photos {
		out = append(out, map[string]any{"photoId": p.ID, "quantity": qty})
	}
	return out
}

func TestCartPacksOverREST(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p := s.photos
	c := s.cartOK(b, "POST", "/ongoing-packs", map[string]string{"packId": s.souvenir})
	pk := c.OngoingPacks[0]
	inst := pk.PackInstanceID
	if len(c.OngoingPacks) != 1 || pk.GalleryItem != s.souvenir || pk.ClientPackName != "Pack Souvenir" || pk.RemainingPhotos != 15 || pk.Complete ||
		pk.Formats[0].Format != s.p10x15 || pk.Formats[0].Quantity != 10 || pk.Formats[0].MaxPhotos != 10 || pk.Formats[0].Photos == nil ||
		pk.DigitalFiles[0].Format != s.hd || pk.DigitalFiles[0].Quantity != 5 || pk.UnitPrice.Amount != "39.00" {
		t.Fatalf("new pack = %+v", pk)
	}
	wantCartTotals(t, c.Totals, "merchandise 0.00, discount 0.00, shipping 0.00, gift cards 0.00, total 0.00")
	s.refusal(b, "POST", "/ongoing-packs", map[string]string{"packId": "pck_nope"}, 422, "pack_not_found")

	// Ten prints of two photos; the photo at quantity 0 is dropped.
	prints := []map[string]any{{"photoId": p[0].ID, "quantity": 6, "finish": "mat"}, {"photoId": p[1].ID, "quantity": 4}, {"photoId": p[2].ID, "quantity": 0}}
	c = s.cartOK(b, "POST", "/ongoing-packs/"+inst, map[string]any{"formats": []cartPackBody{{s.p10x15, prints}}})
	if f := c.OngoingPacks[0].Formats[0]; f.Selected != 10 || len(f.Photos) != 2 || f.Photos[0].Finish != "mat" || f.Photos[1].Border != "none" ||
		c.OngoingPacks[0].RemainingPhotos != 5 {
		t.Fatalf("configured = %+v", c.OngoingPacks[0])
	}
	full := s.refusal(b, "POST", "/ongoing-packs/"+inst, map[string]any{"formats": []cartPackBody{{s.p10x15, packPhotos(6, p[0], p[1])}}}, 422, "pack_format_full")
	if full.Message != "Ce format du pack compte 10 tirages de 10 photos différentes au plus." {
		t.Fatalf("message = %q", full.Message)
	}
	incomplete := s.refusal(b, "POST", "/packs", map[string]string{"packInstanceId": inst}, 422, "pack_incomplete")
	if incomplete.Message != "Il reste 5 photos à choisir pour compléter ce pack." {
		t.Fatalf("message = %q", incomplete.Message)
	}
	// Five HD files, quantities forced to 1.
	c = s.cartOK(b, "POST", "/ongoing-packs/"+inst, map[string]any{"digitalFiles": []cartPackBody{{s.hd, packPhotos(3, p...)}}})
	if pk := c.OngoingPacks[0]; pk.DigitalFiles[0].Selected != 5 || pk.DigitalFiles[0].Photos[0].Quantity != 1 || !pk.Complete || pk.RemainingPhotos != 0 {
		t.Fatalf("files = %+v", pk)
	}
	// In the cart under a cleaned name: 39.00 + 4.90 = 43.90.
	c = s.cartOK(b, "POST", "/packs", map[string]string{"packInstanceId": inst, "clientPackName": `Pour <Mamie> & Papi\`})
	if len(c.OngoingPacks) != 0 || len(c.Packs) != 1 || c.Packs[0].ClientPackName != "Pour Mamie Papi" || c.ItemCount != 1 || !c.NeedsDelivery {
		t.Fatalf("packs = %+v", c.Packs)
	}
	wantCartTotals(t, c.Totals, "merchandise 39.00, discount 0.00, shipping 4.90, gift cards 0.00, total 43.90")

	// Edited: back to ongoing.
	c = s.cartOK(b, "POST", "/packs/"+inst, nil)
	if len(c.OngoingPacks) != 1 || len(c.Packs) != 0 {
		t.Fatalf("edit: ongoing %d, packs %d", len(c.OngoingPacks), len(c.Packs))
	}
	c = s.cartOK(b, "DELETE", "/ongoing-packs/"+inst+"?formatId="+s.hd, nil)
	if pk := c.OngoingPacks[0]; pk.DigitalFiles[0].Selected != 0 || pk.Formats[0].Selected != 10 || pk.RemainingPhotos != 5 {
		t.Fatalf("after removing the files: %+v", pk)
	}
	s.refusal(b, "DELETE", "/ongoing-packs/"+inst+"?formatId=fmt_nope", nil, 422, "format_not_found")
	s.refusal(b, "DELETE", "/ongoing-packs/pki_nope?formatId="+s.hd, nil, 422, "pack_not_found")

	s.cartOK(b, "POST", "/ongoing-packs/"+inst, map[string]any{"digitalFiles": []cartPackBody{{s.hd, packPhotos(1, p...)}}})
	s.cartOK(b, "POST", "/packs", map[string]string{"packInstanceId": inst})
	c = s.cartOK(b, "DELETE", "/packs/"+inst, nil)
	if len(c.Packs) != 0 || len(c.OngoingPacks) != 0 {
		t.Fatalf("pack not removed: %+v", c.Packs)
	}
	s.refusal(b, "DELETE", "/packs/"+inst, nil, 422, "pack_not_found")

	c = s.cartOK(b, "POST", "/ongoing-packs", map[string]string{"packId": s.famille})
	other := c.OngoingPacks[0].PackInstanceID
	if c = s.cartOK(b, "DELETE", "/ongoing-packs/"+other, nil); len(c.OngoingPacks) != 0 {
		t.Fatal("ongoing pack not deleted")
	}
	s.refusal(b, "DELETE", "/ongoing-packs/"+other, nil, 422, "pack_not_found")
}

func TestCartRegroupOverREST(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p := s.photos
	for i, qty := range []int{4, 3, 3} {
		s.cartOK(b, "POST", "/formats/"+p[i].ID+"/"+s.p10x15, map[string]any{"quantity": qty})
	}
	var c restCart
	for _, ph := range p {
		c = s.cartOK(b, "POST", "/digitalFiles/"+ph.ID+"/"+s.hd, nil)
	}
	// 25.00 of prints and 45.00 of files: 70.00, 10 % off (7.00), + 4.90 =
	// 67.90. The pack would cost 39.00: 31.00 saved.
	wantCartTotals(t, c.Totals, "merchandise 70.00, discount 7.00, shipping 4.90, gift cards 0.00, total 67.90")
	if rs := c.RegroupSuggestion; rs == nil || rs.Pack != s.souvenir || rs.Saving.Amount != "31.00" {
		t.Fatalf("suggestion = %+v", rs)
	}
	c = s.cartOK(b, "POST", "/regroupItemsInPack", nil)
	if len(c.Photos) != 0 || len(c.Packs) != 1 || c.Packs[0].GalleryItem != s.souvenir || !c.Packs[0].Complete || c.RegroupSuggestion != nil ||
		c.Packs[0].Formats[0].Selected != 10 || c.Packs[0].DigitalFiles[0].Selected != 5 {
		t.Fatalf("regrouped: %v %+v", s.lines(c), c.Packs)
	}
	wantCartTotals(t, c.Totals, "merchandise 39.00, discount 0.00, shipping 4.90, gift cards 0.00, total 43.90")
}

func cartAddress(country string) map[string]any {
	p := postalPlaces[strings.ToUpper(country)]
	return map[string]any{"title": "Madame", "firstname": "Anne", "lastname": "Martin", "address": "Rue Haute 1", "postalCode": p[0],
		"city": p[1], "country": country, "phoneNumber": "+32 470 00 00 00"}
}

// postalPlaces are a valid postal code and city per country.
var postalPlaces = map[string][2]string{"BE": {"1000", "Bruxelles"}, "FR": {"75001", "Paris"}, "LU": {"1009", "Luxembourg"},
	"CH": {"1201", "Genève"}, "NL": {"1012 AB", "Amsterdam"}, "DE": {"10115", "Berlin"}, "US": {"10001", "New York"}}

func TestCartVouchersAndAddressOverREST(t *testing.T) {
	s := newCartEnv(t)
	anonymous := s.another()
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/vouchers/" + seed.DemoDiscountCode, nil},
		{"DELETE", "/vouchers/" + seed.DemoDiscountCode, nil},
		{"POST", "/address", map[string]any{"billing": cartAddress("BE")}},
	} {
		s.refusal(anonymous, c.method, c.path, c.body, 401, "unauthorized")
	}

	anne := s.person("Anne@Example.com", "", "")
	p0 := s.photos[0]
	s.cameraSized(p0)
	s.cartOK(anne, "POST", "/formats/"+p0.ID+"/"+s.p10x15, nil)
	short := s.refusal(anne, "POST", "/vouchers/"+seed.DemoDiscountCode, nil, 422, "code_min_spend")
	if short.Message != "Ce code est valable dès 20 € d'achat." || !slices.Equal(short.Field, []string{"code"}) {
		t.Fatalf("min spend: %+v", short.restError)
	}
	s.refusal(anne, "POST", "/vouchers/NOPE", nil, 422, "code_unknown")

	// 2.50 + 24.00 = 26.50: the code takes 10 % per line (0.25 + 2.40 =
	// 2.65); + 4.90 = 28.75.
	s.cartOK(anne, "POST", "/formats/"+p0.ID+"/"+s.p30x45, nil)
	c := s.cartOK(anne, "POST", "/vouchers/bienvenue10", nil)
	wantCartTotals(t, c.Totals, "merchandise 26.50, discount 2.65, shipping 4.90, gift cards 0.00, total 28.75")
	if d := c.Discount; d == nil || d.Source != "code" || *d.Code != seed.DemoDiscountCode || len(c.Vouchers) != 1 || !c.Vouchers[0].Applied ||
		c.Vouchers[0].Kind != "discount_code" || c.Vouchers[0].Amount.Amount != "2.65" {
		t.Fatalf("code: %+v %+v", c.Discount, c.Vouchers)
	}
	// The gift card pays 28.75 of its 50.00, shipping included.
	c = s.cartOK(anne, "POST", "/vouchers/"+seed.DemoGiftCard, nil)
	wantCartTotals(t, c.Totals, "merchandise 26.50, discount 2.65, shipping 4.90, gift cards 28.75, total 0.00")
	if g := c.Vouchers[1]; g.Kind != "gift_card" || !g.Applied || g.Amount.Amount != "28.75" || g.RemainingBalance.Amount != "21.25" {
		t.Fatalf("gift card = %+v", g)
	}
	c = s.cartOK(anne, "DELETE", "/vouchers/"+seed.DemoGiftCard, nil)
	wantCartTotals(t, c.Totals, "merchandise 26.50, discount 2.65, shipping 4.90, gift cards 0.00, total 28.75")

	// Addresses: every missing field at once (the civilité is optional).
	bad := s.refusal(anne, "POST", "/address", map[string]any{}, 400, "required")
	if len(bad.Errors) != 7 || !slices.Equal(bad.Field, []string{"billing", "firstname"}) {
		t.Fatalf("errors = %+v", bad.restError)
	}
	s.refusal(anne, "POST", "/address", map[string]any{"billing": cartAddress("BE"), "deliveryOption": "drone"}, 400, "invalid_delivery")
	c = s.cartOK(anne, "POST", "/address", map[string]any{"billing": cartAddress("be")})
	if cd := c.ClientData; cd == nil || cd.Email != "anne@example.com" || cd.Billing.Country != "BE" || !cd.SameAsBilling || cd.DeliveryOption != "shipping" ||
		c.ShippingCountry != "BE" {
		t.Fatalf("client data = %+v", cd)
	}
	// To France the lab charges 8.90: 23.85 + 8.90 = 32.75; picked up: 23.85.
	c = s.cartOK(anne, "POST", "/address", map[string]any{"billing": cartAddress("FR")})
	wantCartTotals(t, c.Totals, "merchandise 26.50, discount 2.65, shipping 8.90, gift cards 0.00, total 32.75")
	c = s.cartOK(anne, "POST", "/address", map[string]any{"billing": cartAddress("FR"), "deliveryOption": "pickup"})
	wantCartTotals(t, c.Totals, "merchandise 26.50, discount 2.65, shipping 0.00, gift cards 0.00, total 23.85")
	if c.DeliveryOption != "pickup" || c.ClientData.DeliveryOption != "pickup" {
		t.Fatalf("delivery = %s", c.DeliveryOption)
	}

	// A canvas (69.00) cannot go to Switzerland. 95.50 reaches 50 euros:
	// the automatic 10 % (0.25 + 2.40 + 6.90 = 9.55) ties with the code and
	// wins; the print ships to Europe for 8.90: 95.50 - 9.55 + 8.90 = 94.85.
	c = s.cartOK(anne, "POST", "/formats/"+p0.ID+"/"+s.toile30x45, nil)
	canvas := c.Photos[2].ID
	c = s.cartOK(anne, "POST", "/address", map[string]any{"billing": cartAddress("CH")})
	wantCartTotals(t, c.Totals, "merchandise 95.50, discount 9.55, shipping 8.90, gift cards 0.00, total 94.85")
	if len(c.ShippingProblems) != 1 || c.ShippingProblems[0] != (cartProblem{canvas, "CH", "excluded_country", "Ce produit ne peut pas être livré dans ce pays (Suisse)."}) {
		t.Fatalf("problems = %+v", c.ShippingProblems)
	}
	if vc := c.Vouchers[0]; c.Discount.Source != "automatic" || vc.Applied || *vc.Reason != "code_better_discount" || *vc.Message == "" {
		t.Fatalf("code beside the automatic discount: %+v", vc)
	}
}

// gqlCart is the cart as the GraphQL query below asks for it.
type gqlCart struct {
	ID        string
	Version   int
	ItemCount int
	Photos    []struct {
		ID, Kind, PhotoID string
		Photo             *struct{ ID string }
		Format            struct{ ID, Name string }
		Finish, Border    *string
		Crop              *cartCrop
		Quantity          int
		Total             cartMoney
		WhiteMargin       bool
	}
	OngoingPacks, Packs []struct {
		ID, PackInstanceID, ClientPackName string
		GalleryItem                        struct{ ID string }
		Formats, DigitalFiles              []struct {
			Format   struct{ ID string }
			Selected int
			Photos   []struct {
				PhotoID  string
				Quantity int
			}
		}
		RemainingPhotos int
		Complete        bool
	}
	AllDigitalFileFormats []struct {
		Format     struct{ ID string }
		Price      cartMoney
		PhotoCount int
	}
	Vouchers          []cartVoucher
	Discount          *cartDiscount
	PhotosNeedRetouch bool
	CartUpdated       bool
	ClientData        *cartClientData
	AvailablePacks    []struct{ ID string }
	RegroupSuggestion *struct {
		Pack   struct{ ID string }
		Saving cartMoney
	}
	NeedsDelivery    bool
	DeliveryOption   string
	ShippingCountry  string
	ShippingProblems []cartProblem
	Totals           cartTotals
}

const gqlCartPackFields = `id packInstanceId clientPackName galleryItem { id } remainingPhotos complete
  formats { format { id } selected photos { photoId quantity } } digitalFiles { format { id } selected photos { photoId quantity } }`

const gqlCartFields = `id version itemCount photosNeedRetouch cartUpdated needsDelivery deliveryOption shippingCountry
  photos { id kind photoId photo { id } format { id name } finish border crop { x y width height } quantity total { amount } whiteMargin }
  ongoingPacks { ` + gqlCartPackFields + ` } packs { ` + gqlCartPackFields + ` }
  allDigitalFileFormats { format { id } price { amount } photoCount }
  vouchers { code kind applied reason message amount { amount } remainingBalance { amount } }
  discount { source code percent amount { amount } freeShipping }
  clientData { email billing { country } shipping { country } deliveryOption sameAsBilling }
  availablePacks { id } regroupSuggestion { pack { id } saving { amount } }
  shippingProblems { cartItemId country reason message }
  totals { merchandise { amount currency } discount { amount } shippingBeforeDiscount { amount } shipping { amount }
    totalBeforeGiftCards { amount } giftCards { amount } total { amount } vat { ratePercent base { amount } amount { amount } } }`

type gqlUserError struct {
	Code, Message string
	Field         []string
}

// cartInputTypes names each cart mutation's input type.
var cartInputTypes = map[string]string{
	"createOngoingPack": "CreateOngoingPackInput", "configureOngoingPack": "ConfigureOngoingPackInput",
	"removePackFormatConfiguration": "RemovePackFormatInput", "deleteOngoingPack": "PackInstanceInput",
	"addPack": "AddPackInput", "removePack": "PackInstanceInput", "editPack": "PackInstanceInput",
	"addAllGallery": "AllGalleryInput", "removeAllGallery": "AllGalleryInput",
	"addDigitalFile": "DigitalFileInput", "removeDigitalFile": "DigitalFileInput",
	"setPrint": "PrintInput", "removePrint": "RemovePrintInput", "setClientData": "ClientDataInput",
	"addVoucher": "VoucherInput", "removeVoucher": "VoucherInput", "regroupItemsInPack": "CartGalleryInput",
}

// mutateCart runs a cart mutation in gala and returns its payload.
func (s *cartEnv) mutateCart(as *env, name string, input map[string]any) (*gqlCart, []gqlUserError, gqlResponse) {
	s.t.Helper()
	in := map[string]any{"galleryId": s.gala}
	for k, v := range input {
		in[k] = v
	}
	q := fmt.Sprintf(`mutation($input: %s!) { %s(input: $input) { cart { %s } userErrors { code message field } } }`, cartInputTypes[name], name, gqlCartFields)
	var d map[string]struct {
		Cart       *gqlCart
		UserErrors []gqlUserError
	}
	r := as.graphql(q, map[string]any{"input": in}, &d)
	return d[name].Cart, d[name].UserErrors, r
}

// cartDone is mutateCart for a mutation that must succeed.
func (s *cartEnv) cartDone(as *env, name string, input map[string]any) *gqlCart {
	s.t.Helper()
	c, ues, r := s.mutateCart(as, name, input)
	if len(r.Errors) > 0 || len(ues) > 0 || c == nil {
		s.t.Fatalf("%s: errors %+v, userErrors %+v", name, r.Errors, ues)
	}
	return c
}

// cartUserError checks that a mutation answers one user error with code.
func (s *cartEnv) cartUserError(as *env, name string, input map[string]any, code string) gqlUserError {
	s.t.Helper()
	c, ues, r := s.mutateCart(as, name, input)
	if len(r.Errors) > 0 || c != nil || len(ues) != 1 || ues[0].Code != code || ues[0].Message == "" {
		s.t.Fatalf("%s: cart %v, errors %+v, userErrors %+v, want %s", name, c != nil, r.Errors, ues, code)
	}
	return ues[0]
}

// cartError checks that a mutation fails with a GraphQL error of code.
func (s *cartEnv) cartError(as *env, name string, input map[string]any, code string) {
	s.t.Helper()
	c, _, r := s.mutateCart(as, name, input)
	if errorCode(r) != code || c != nil {
		s.t.Fatalf("%s: errors %+v, want %s", name, r.Errors, code)
	}
}

func (s *cartEnv) gqlLines(c *gqlCart) []string {
	out := []string{}
	for _, p := range c.Photos {
		out = append(out, fmt.Sprintf("%s#%s x%d", s.photoName(p.PhotoID), p.Format.Name, p.Quantity))
	}
	return out
}

func TestCartPrintsAndFilesOverGraphQL(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p := s.photos
	var q struct {
		Cart          gqlCart
		PhotoProducts []struct {
			Format struct {
				ID           string
				GalleryPrice *cartMoney
			}
			WhiteMargin string
			DefaultCrop *cartCrop
		}
	}
	r := b.graphql(`query($g: ID!, $p: ID!) { cart(galleryId: $g) { `+gqlCartFields+` } photoProducts(galleryId: $g, photoId: $p) { format { id galleryPrice { amount } } whiteMargin defaultCrop { x y width height } } }`,
		map[string]any{"g": s.gala, "p": p[4].ID}, &q)
	if len(r.Errors) > 0 || !strings.HasPrefix(q.Cart.ID, "crt_") || len(q.Cart.Photos) != 0 || len(q.Cart.AvailablePacks) != 2 || q.Cart.Totals.Total.Amount != "0.00" {
		t.Fatalf("cart: %+v %+v", r.Errors, q.Cart)
	}
	// The square photo: 13 products, the 40x60 ones listed though it has
	// 42 dpi for them (the shop shows them disabled), canvas only cropped.
	canvas, hdGallery, toile40x60 := "", "", false
	for _, pp := range q.PhotoProducts {
		switch {
		case pp.Format.ID == s.hd && pp.Format.GalleryPrice != nil:
			hdGallery = pp.Format.GalleryPrice.Amount
		case pp.Format.ID == s.p10x15 && pp.Format.GalleryPrice != nil:
			t.Fatal("a print has a whole-gallery price")
		}
		if pp.Format.ID == s.toile40x60 {
			toile40x60 = true
		}
		if pp.Format.ID == s.toile30x45 {
			canvas = pp.WhiteMargin
		}
	}
	if len(q.PhotoProducts) != 13 || !toile40x60 || canvas != "crop_required" || hdGallery != "149.00" {
		t.Fatalf("%d products, canvas %q, whole gallery in HD %q", len(q.PhotoProducts), canvas, hdGallery)
	}

	// 2 x 10x15 + 4.90 = 9.90, then merged to 3: 12.40.
	c := s.cartDone(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p10x15, "quantity": 2})
	if c.ID != q.Cart.ID || c.Photos[0].Photo.ID != p[0].ID || c.Photos[0].Kind != "print" || *c.Photos[0].Finish != "glossy" || c.Totals.Vat.Amount.Amount != "1.72" {
		t.Fatalf("print = %+v", c.Photos)
	}
	wantCartTotals(t, c.Totals, "merchandise 5.00, discount 0.00, shipping 4.90, gift cards 0.00, total 9.90")
	c = s.cartDone(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p10x15, "finish": "glossy", "border": "none"})
	if got := s.gqlLines(c); !slices.Equal(got, []string{"p0#10 x 15 x3"}) {
		t.Fatalf("lines = %v", got)
	}
	ue := s.cartUserError(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p13x18, "crop": cartCrop{Width: 800, Height: 800}}, "invalid_crop")
	if !slices.Equal(ue.Field, []string{"crop"}) {
		t.Fatalf("field = %v", ue.Field)
	}
	s.cartUserError(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p9x13}, "not_for_sale")
	s.cartUserError(b, "setPrint", map[string]any{"photoId": p[4].ID, "formatId": s.p30x45}, "format_incompatible")
	s.cartUserError(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p10x15, "quantity": 1000}, "invalid_quantity")
	// A photo the visitor may not see is not found: a GraphQL error.
	s.cartError(b, "setPrint", map[string]any{"photoId": s.private.ID, "formatId": s.p10x15}, "photo_not_found")

	// A 13x18 cropped, then edited to two: 7.50 + 7.80 = 15.30, + 4.90.
	c = s.cartDone(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p13x18, "crop": cartCrop{X: 46, Width: 1108, Height: 800}, "finish": "mat"})
	item := c.Photos[1].ID
	c = s.cartDone(b, "setPrint", map[string]any{"cartItemId": item, "photoId": p[0].ID, "formatId": s.p13x18, "quantity": 2,
		"crop": cartCrop{X: 46, Width: 1108, Height: 800}})
	if e := c.Photos[1]; e.ID != item || e.Quantity != 2 || *e.Finish != "glossy" || e.Crop == nil || e.WhiteMargin || c.ItemCount != 5 {
		t.Fatalf("edited = %+v", e)
	}
	wantCartTotals(t, c.Totals, "merchandise 15.30, discount 0.00, shipping 4.90, gift cards 0.00, total 20.20")
	c = s.cartDone(b, "removePrint", map[string]any{"cartItemId": item})
	wantCartTotals(t, c.Totals, "merchandise 7.50, discount 0.00, shipping 4.90, gift cards 0.00, total 12.40")
	s.cartUserError(b, "removePrint", map[string]any{"cartItemId": item}, "cart_item_not_found")

	// Files: idempotent; the whole gallery replaces its format's files.
	s.cartDone(b, "addDigitalFile", map[string]any{"photoId": p[1].ID, "formatId": s.hd})
	c = s.cartDone(b, "addDigitalFile", map[string]any{"photoId": p[1].ID, "formatId": s.hd})
	if got := s.gqlLines(c); !slices.Equal(got, []string{"p0#10 x 15 x3", "p1#Fichier HD x1"}) || c.Photos[1].Kind != "digital_file" {
		t.Fatalf("lines = %v", got)
	}
	// 7.50 + 149.00 = 156.50: 15 % per line (1.13 + 22.35 = 23.48); + 4.90 = 137.92.
	c = s.cartDone(b, "addAllGallery", map[string]any{"formatId": s.hd})
	if got := s.gqlLines(c); !slices.Equal(got, []string{"p0#10 x 15 x3"}) || len(c.AllDigitalFileFormats) != 1 || c.AllDigitalFileFormats[0].PhotoCount != 5 ||
		c.AllDigitalFileFormats[0].Price.Amount != "149.00" {
		t.Fatalf("whole gallery: %v %+v", got, c.AllDigitalFileFormats)
	}
	wantCartTotals(t, c.Totals, "merchandise 156.50, discount 23.48, shipping 4.90, gift cards 0.00, total 137.92")
	s.cartUserError(b, "addDigitalFile", map[string]any{"photoId": p[2].ID, "formatId": s.hd}, "covered_by_all_gallery")
	if c = s.cartDone(b, "removeAllGallery", map[string]any{"formatId": s.hd}); len(c.AllDigitalFileFormats) != 0 {
		t.Fatalf("whole gallery not removed: %+v", c.AllDigitalFileFormats)
	}
	if c = s.cartDone(b, "addDigitalFile", map[string]any{"photoId": p[2].ID, "formatId": s.web}); len(c.Photos) != 2 {
		t.Fatalf("lines = %v", s.gqlLines(c))
	}
	if c = s.cartDone(b, "removeDigitalFile", map[string]any{"photoId": p[2].ID, "formatId": s.web}); !slices.Equal(s.gqlLines(c), []string{"p0#10 x 15 x3"}) {
		t.Fatalf("after removing the file: %v", s.gqlLines(c))
	}

	// The photographer forbids white margins: crop_required as a user error.
	token, _ := s.token()
	s.graphqlWith(bearer(token), `mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code } } }`,
		map[string]any{"input": map[string]any{"galleryId": s.gala, "settings": map[string]any{"printOptions": map[string]any{"nonHomotheticity": "forbidden"}}}}, nil)
	s.cartUserError(b, "setPrint", map[string]any{"photoId": p[0].ID, "formatId": s.p13x18}, "crop_required")
}

func TestCartPacksOverGraphQL(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p := s.photos
	c := s.cartDone(b, "createOngoingPack", map[string]any{"packId": s.souvenir})
	inst := c.OngoingPacks[0].PackInstanceID
	if c.OngoingPacks[0].GalleryItem.ID != s.souvenir || c.OngoingPacks[0].RemainingPhotos != 15 {
		t.Fatalf("new pack = %+v", c.OngoingPacks[0])
	}
	s.cartUserError(b, "createOngoingPack", map[string]any{"packId": "pck_nope"}, "pack_not_found")
	format := func(id string, qty int, photos ...*ent.Photo) []map[string]any {
		return []map[string]any{{"formatId": id, "photos": packPhotos(qty, photos...)}}
	}
	// Zero quantities are dropped; files count one each.
	c = s.cartDone(b, "configureOngoingPack", map[string]any{"packInstanceId": inst,
		"formats":      []map[string]any{{"formatId": s.p10x15, "photos": append(packPhotos(5, p[0], p[1]), packPhotos(0, p[2])...)}},
		"digitalFiles": format(s.hd, 4, p[0], p[1], p[2], p[3])})
	pk := c.OngoingPacks[0]
	if pk.Formats[0].Selected != 10 || len(pk.Formats[0].Photos) != 2 || pk.DigitalFiles[0].Selected != 4 || pk.DigitalFiles[0].Photos[0].Quantity != 1 ||
		pk.RemainingPhotos != 1 || pk.Complete {
		t.Fatalf("configured = %+v", pk)
	}
	full := s.cartUserError(b, "configureOngoingPack", map[string]any{"packInstanceId": inst, "formats": format(s.p10x15, 11, p[0])}, "pack_format_full")
	if !slices.Equal(full.Field, []string{"photos"}) {
		t.Fatalf("field = %v", full.Field)
	}
	incomplete := s.cartUserError(b, "addPack", map[string]any{"packInstanceId": inst}, "pack_incomplete")
	if incomplete.Message != "Il reste 1 photo à choisir pour compléter ce pack." {
		t.Fatalf("message = %q", incomplete.Message)
	}
	c = s.cartDone(b, "configureOngoingPack", map[string]any{"packInstanceId": inst, "digitalFiles": format(s.hd, 1, p...)})
	if !c.OngoingPacks[0].Complete {
		t.Fatalf("pack = %+v", c.OngoingPacks[0])
	}
	c = s.cartDone(b, "addPack", map[string]any{"packInstanceId": inst, "clientPackName": `Album/Été & <2026>`})
	if len(c.Packs) != 1 || c.Packs[0].ClientPackName != "Album Été 2026" || len(c.OngoingPacks) != 0 {
		t.Fatalf("packs = %+v", c.Packs)
	}
	wantCartTotals(t, c.Totals, "merchandise 39.00, discount 0.00, shipping 4.90, gift cards 0.00, total 43.90")
	c = s.cartDone(b, "editPack", map[string]any{"packInstanceId": inst})
	if len(c.Packs) != 0 || len(c.OngoingPacks) != 1 || c.Totals.Total.Amount != "0.00" {
		t.Fatalf("edited: %+v", c)
	}
	c = s.cartDone(b, "removePackFormatConfiguration", map[string]any{"packInstanceId": inst, "formatId": s.p10x15})
	if pk := c.OngoingPacks[0]; pk.Formats[0].Selected != 0 || pk.DigitalFiles[0].Selected != 5 || pk.RemainingPhotos != 10 {
		t.Fatalf("after removing the prints: %+v", pk)
	}
	s.cartUserError(b, "removePackFormatConfiguration", map[string]any{"packInstanceId": "pki_nope", "formatId": s.p10x15}, "pack_not_found")
	s.cartUserError(b, "removePackFormatConfiguration", map[string]any{"packInstanceId": inst, "formatId": "fmt_nope"}, "format_not_found")
	s.cartDone(b, "configureOngoingPack", map[string]any{"packInstanceId": inst, "formats": format(s.p10x15, 10, p[4])})
	c = s.cartDone(b, "addPack", map[string]any{"packInstanceId": inst})
	c = s.cartDone(b, "removePack", map[string]any{"packInstanceId": c.Packs[0].ID})
	if len(c.Packs) != 0 {
		t.Fatal("pack not removed")
	}
	c = s.cartDone(b, "createOngoingPack", map[string]any{"packId": s.famille})
	c = s.cartDone(b, "deleteOngoingPack", map[string]any{"packInstanceId": c.OngoingPacks[0].PackInstanceID})
	if len(c.OngoingPacks) != 0 {
		t.Fatal("ongoing pack not deleted")
	}

	// Ten prints and five HD files make the Souvenir pack for less.
	for i, qty := range []int{4, 3, 3} {
		s.cartDone(b, "setPrint", map[string]any{"photoId": p[i].ID, "formatId": s.p10x15, "quantity": qty})
	}
	for _, ph := range p {
		c = s.cartDone(b, "addDigitalFile", map[string]any{"photoId": ph.ID, "formatId": s.hd})
	}
	if rs := c.RegroupSuggestion; rs == nil || rs.Pack.ID != s.souvenir || rs.Saving.Amount != "31.00" {
		t.Fatalf("suggestion = %+v", rs)
	}
	wantCartTotals(t, c.Totals, "merchandise 70.00, discount 7.00, shipping 4.90, gift cards 0.00, total 67.90")
	c = s.cartDone(b, "regroupItemsInPack", nil)
	if len(c.Photos) != 0 || len(c.Packs) != 1 || c.RegroupSuggestion != nil {
		t.Fatalf("regrouped: %v %+v", s.gqlLines(c), c.Packs)
	}
	wantCartTotals(t, c.Totals, "merchandise 39.00, discount 0.00, shipping 4.90, gift cards 0.00, total 43.90")
}

func TestCartVouchersAndClientDataOverGraphQL(t *testing.T) {
	s := newCartEnv(t)
	db := s.db.Client
	pg := db.Photographer.Query().OnlyX(s.sys)
	db.Voucher.Create().SetPhotographer(pg).SetCode("ETE2025").SetKind(voucher.KindDiscountCode).SetPercentOff(10).
		SetValidUntil(time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)).ExecX(s.sys)
	welcome := db.Voucher.Query().Where(voucher.Code(seed.DemoDiscountCode)).OnlyX(s.sys)
	db.VoucherRedemption.Create().SetVoucher(welcome).SetEmail("deja@example.com").SetAmount(300).ExecX(s.sys)

	s.cartError(s.another(), "addVoucher", map[string]any{"code": seed.DemoDiscountCode}, "unauthorized")
	s.cartError(s.another(), "setClientData", map[string]any{"billing": cartAddress("BE"), "deliveryOption": "shipping"}, "unauthorized")

	// 30x45 (24.00) + 10x15 (2.50) = 26.50.
	s.cameraSized(s.photos[0])
	fill := func(b *env) {
		s.cartDone(b, "setPrint", map[string]any{"photoId": s.photos[0].ID, "formatId": s.p30x45})
		s.cartDone(b, "setPrint", map[string]any{"photoId": s.photos[0].ID, "formatId": s.p10x15})
	}
	deja := s.person("deja@example.com", "", "")
	fill(deja)
	ue := s.cartUserError(deja, "addVoucher", map[string]any{"code": seed.DemoDiscountCode}, "code_already_used")
	if ue.Message != "Vous avez déjà utilisé ce code." || !slices.Equal(ue.Field, []string{"code"}) {
		t.Fatalf("user error = %+v", ue)
	}

	anne := s.person("anne@example.com", "", "")
	s.cartDone(anne, "setPrint", map[string]any{"photoId": s.photos[0].ID, "formatId": s.p10x15})
	ue = s.cartUserError(anne, "addVoucher", map[string]any{"code": seed.DemoDiscountCode}, "code_min_spend")
	if ue.Message != "Ce code est valable dès 20 € d'achat." {
		t.Fatalf("message = %q", ue.Message)
	}
	s.cartDone(anne, "setPrint", map[string]any{"photoId": s.photos[0].ID, "formatId": s.p30x45})
	s.cartUserError(anne, "addVoucher", map[string]any{"code": "NOPE"}, "code_unknown")
	s.cartUserError(anne, "addVoucher", map[string]any{"code": "ETE2025"}, "code_expired")
	// 26.50 - 2.65 + 4.90 = 28.75.
	c := s.cartDone(anne, "addVoucher", map[string]any{"code": seed.DemoDiscountCode})
	wantCartTotals(t, c.Totals, "merchandise 26.50, discount 2.65, shipping 4.90, gift cards 0.00, total 28.75")
	if c.Discount == nil || c.Discount.Source != "code" || !c.Vouchers[0].Applied {
		t.Fatalf("discount = %+v", c.Discount)
	}
	// A canvas brings the cart to 95.50: the automatic 10 % ties the code
	// and wins (9.55): 95.50 - 9.55 + 4.90 + 9.90 (Atelier Déco) = 100.75;
	// the gift card pays 50.00 of it.
	s.cartDone(anne, "setPrint", map[string]any{"photoId": s.photos[0].ID, "formatId": s.toile30x45})
	c = s.cartDone(anne, "addVoucher", map[string]any{"code": seed.DemoGiftCard})
	wantCartTotals(t, c.Totals, "merchandise 95.50, discount 9.55, shipping 14.80, gift cards 50.00, total 50.75")
	code, gift := c.Vouchers[0], c.Vouchers[1]
	if c.Discount.Source != "automatic" || code.Applied || *code.Reason != "code_better_discount" || !gift.Applied || gift.RemainingBalance.Amount != "0.00" {
		t.Fatalf("vouchers: %+v %+v %+v", c.Discount, code, gift)
	}
	c = s.cartDone(anne, "removeVoucher", map[string]any{"code": seed.DemoGiftCard})
	wantCartTotals(t, c.Totals, "merchandise 95.50, discount 9.55, shipping 14.80, gift cards 0.00, total 100.75")

	// Client data: the problems of each field; then Switzerland, where
	// canvases do not go (the print ships for 8.90): 85.95 + 8.90 = 94.85;
	// then pickup: 85.95.
	_, ues, r := s.mutateCart(anne, "setClientData", map[string]any{"billing": map[string]any{"title": "", "firstname": "", "lastname": "", "address": "",
		"postalCode": "", "city": "", "country": "Belgique", "phoneNumber": ""}, "deliveryOption": "shipping"})
	fields := []string{}
	for _, e := range ues {
		fields = append(fields, e.Code+" "+strings.Join(e.Field, "."))
	}
	if len(r.Errors) > 0 || !slices.Contains(fields, "required billing.firstname") || !slices.Contains(fields, "invalid_country billing.country") || len(fields) != 7 { // no title is « Non précisé »
		t.Fatalf("userErrors = %v %+v", fields, r.Errors)
	}
	c = s.cartDone(anne, "setClientData", map[string]any{"billing": cartAddress("CH"), "deliveryOption": "shipping"})
	wantCartTotals(t, c.Totals, "merchandise 95.50, discount 9.55, shipping 8.90, gift cards 0.00, total 94.85")
	if c.ShippingCountry != "CH" || len(c.ShippingProblems) != 1 || c.ShippingProblems[0].Reason != "excluded_country" || c.ClientData.Email != "anne@example.com" {
		t.Fatalf("Switzerland: %+v %+v", c.ShippingProblems, c.ClientData)
	}
	c = s.cartDone(anne, "setClientData", map[string]any{"billing": cartAddress("FR"), "shipping": cartAddress("LU"), "sameAsBilling": false, "deliveryOption": "pickup"})
	wantCartTotals(t, c.Totals, "merchandise 95.50, discount 9.55, shipping 0.00, gift cards 0.00, total 85.95")
	if c.DeliveryOption != "pickup" || c.ShippingCountry != "LU" || c.ClientData.Shipping == nil || c.ClientData.SameAsBilling {
		t.Fatalf("pickup: %+v", c.ClientData)
	}

	// Once used as often as allowed, the code is refused to everyone.
	db.Voucher.UpdateOne(welcome).SetTimesUsed(100).ExecX(s.sys)
	late := s.person("tard@example.com", "", "")
	fill(late)
	s.cartUserError(late, "addVoucher", map[string]any{"code": seed.DemoDiscountCode}, "code_used_up")
}

func TestCartUpdatedAfterThePhotographerReprices(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	s.cartOK(b, "POST", "/formats/"+s.photos[0].ID+"/"+s.p10x15, map[string]any{"quantity": 2})
	before := s.cartOK(b, "POST", "/digitalFiles/"+s.photos[1].ID+"/"+s.hd, nil)

	token, _ := s.token()
	var d struct {
		UpdateFormat struct {
			Format     struct{ UnitPrice cartMoney }
			UserErrors []gqlUserError
		}
	}
	r := s.graphqlWith(bearer(token), `mutation($input: UpdateFormatInput!) { updateFormat(input: $input) { format { unitPrice { amount } } userErrors { code message field } } }`,
		map[string]any{"input": map[string]any{"formatId": s.p10x15, "unitPrice": "3.00"}}, &d)
	if len(r.Errors) > 0 || len(d.UpdateFormat.UserErrors) > 0 || d.UpdateFormat.Format.UnitPrice.Amount != "3.00" {
		t.Fatalf("updateFormat: %+v %+v", r.Errors, d)
	}
	c := s.cartOK(b, "GET", "", nil)
	if !c.CartUpdated || !slices.Equal(s.lines(c), []string{"p1#Fichier HD x1"}) || c.Version <= before.Version {
		t.Fatalf("first read: updated %v, %v, version %d -> %d", c.CartUpdated, s.lines(c), before.Version, c.Version)
	}
	wantCartTotals(t, c.Totals, "merchandise 9.00, discount 0.00, shipping 0.00, gift cards 0.00, total 9.00")
	if c = s.cartOK(b, "GET", "", nil); c.CartUpdated {
		t.Fatal("cartUpdated reported twice")
	}
	// The print can be bought again at the new price: 2 x 3.00 + 9.00 + 4.90.
	c = s.cartOK(b, "POST", "/formats/"+s.photos[0].ID+"/"+s.p10x15, map[string]any{"quantity": 2})
	wantCartTotals(t, c.Totals, "merchandise 15.00, discount 0.00, shipping 4.90, gift cards 0.00, total 19.90")
}

func TestCartBelongsToItsBrowserAndJoinsTheEmailsCart(t *testing.T) {
	s := newCartEnv(t)
	p := s.photos
	// Browser A, anonymous: 2 x p0 10x15 and p1 HD.
	a := s.another()
	s.cartOK(a, "POST", "/formats/"+p[0].ID+"/"+s.p10x15, map[string]any{"quantity": 2})
	cartA := s.cartOK(a, "POST", "/digitalFiles/"+p[1].ID+"/"+s.hd, nil)
	// Browser B sees an empty cart of its own, in both doors.
	other := s.another()
	if c := s.cartOK(other, "GET", "", nil); c.ID == cartA.ID || len(c.Photos) != 0 {
		t.Fatalf("browser B sees %v", s.lines(c))
	}
	var q struct{ Cart gqlCart }
	other.graphql(`query($g: ID!) { cart(galleryId: $g) { id photos { id } } }`, map[string]any{"g": s.gala}, &q)
	if q.Cart.ID == cartA.ID || len(q.Cart.Photos) != 0 {
		t.Fatalf("browser B over GraphQL sees %+v", q.Cart)
	}
	// Anne in browser C: the same print once, the same file, a web file.
	c := s.person("anne@example.com", "", "")
	s.cartOK(c, "POST", "/formats/"+p[0].ID+"/"+s.p10x15, nil)
	s.cartOK(c, "POST", "/digitalFiles/"+p[1].ID+"/"+s.hd, nil)
	cartC := s.cartOK(c, "POST", "/digitalFiles/"+p[2].ID+"/"+s.web, nil)

	// Browser A confirms Anne's e-mail: one cart, nothing lost or doubled:
	// 3 x 2.50 + 9.00 + 4.00 = 20.50, + 4.90 = 25.40.
	v, err := s.app.Access.SealIdentity("anne@example.com")
	if err != nil {
		t.Fatal(err)
	}
	a.web.Jar.SetCookies(mustURL(s.srv.URL), []*http.Cookie{{Name: access.IdentityCookie, Value: v, Path: "/"}})
	merged := s.cartOK(a, "GET", "", nil)
	got := s.lines(merged)
	slices.Sort(got)
	if merged.ID != cartC.ID || !slices.Equal(got, []string{"p0#10 x 15 x3", "p1#Fichier HD x1", "p2#Fichier web x1"}) || merged.Version <= cartC.Version {
		t.Fatalf("merged cart %s (Anne's %s): %v, version %d -> %d", merged.ID, cartC.ID, got, cartC.Version, merged.Version)
	}
	wantCartTotals(t, merged.Totals, "merchandise 20.50, discount 0.00, shipping 4.90, gift cards 0.00, total 25.40")
	if again := s.cartOK(c, "GET", "", nil); again.ID != merged.ID || len(again.Photos) != 3 {
		t.Fatalf("browser C: %s %v", again.ID, s.lines(again))
	}
	if n := s.db.Client.Cart.Query().Where(entcart.ID(cartA.ID)).CountX(s.sys); n != 0 {
		t.Fatal("browser A's cart is still there")
	}
	if n := s.db.Client.CartItem.Query().CountX(s.sys); n != 3 {
		t.Fatalf("%d cart items in the database, want 3", n)
	}
}

// tryCall sends a REST call in a gallery without failing the test, for
// goroutines.
func (e *env) tryCall(method, path, galleryID string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-XSRF-TOKEN", e.xsrf())
	req.Header.Set("X-Gallery-Id", galleryID)
	res, err := e.web.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	return res.StatusCode, out, err
}

func TestTwoWritersOnOneCartLoseNothingOverHTTP(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	start := s.cartOK(b, "GET", "", nil)
	p := s.photos
	s.cameraSized(p...)
	// Writer 0: fifteen prints (5 photos x 10x15, 13x18, 30x45). Writer 1:
	// ten files (5 photos x web, HD) and five Fine Art prints. Both add
	// the same 20x30 print five times.
	p20x30 := s.formatID(s.gala, "Papier photo", "20 x 30")
	var paths [2][]string
	for i := range 15 {
		paths[0] = append(paths[0], "/api/cart/formats/"+p[i%5].ID+"/"+[]string{s.p10x15, s.p13x18, s.p30x45}[i/5])
	}
	for i := range 10 {
		paths[1] = append(paths[1], "/api/cart/digitalFiles/"+p[i%5].ID+"/"+[]string{s.web, s.hd}[i/5])
	}
	for i := range 5 {
		paths[1] = append(paths[1], "/api/cart/formats/"+p[i].ID+"/"+s.fineArt)
	}
	for w := range paths {
		for i := range 5 {
			paths[w] = slices.Insert(paths[w], i*4, "/api/cart/formats/"+p[0].ID+"/"+p20x30)
		}
	}
	var wg sync.WaitGroup
	failures := make(chan string, 40)
	for w := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, path := range paths[w] {
				status, body, err := b.tryCall("POST", path, s.gala, nil)
				if err != nil || status != 200 {
					failures <- fmt.Sprintf("%s: %d %s %v", path, status, body, err)
				}
			}
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	c := s.cartOK(b, "GET", "", nil)
	same := 0
	for _, ph := range c.Photos {
		if ph.Format == p20x30 {
			same += ph.Quantity
		}
	}
	// 15 + 10 + 5 lines of one, and the shared print: one line of 10.
	if len(c.Photos) != 31 || same != 10 || c.ItemCount != 40 {
		t.Fatalf("%d lines, 20x30 x%d, %d items: %v", len(c.Photos), same, c.ItemCount, s.lines(c))
	}
	if c.Version != start.Version+40 {
		t.Fatalf("version %d after 40 changes from %d", c.Version, start.Version)
	}
}

func TestConcurrentFirstReadsMakeOneCartOverHTTP(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	var wg sync.WaitGroup
	ids := make([]string, 12)
	failures := make(chan string, len(ids))
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, body, err := b.tryCall("GET", "/api/cart", s.gala, nil)
			var c restCart
			if err == nil {
				err = json.Unmarshal(body, &c)
			}
			if err != nil || status != 200 {
				failures <- fmt.Sprintf("%d %s %v", status, body, err)
			}
			ids[i] = c.ID
		}()
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	if n := s.db.Client.Cart.Query().CountX(s.sys); n != 1 {
		t.Fatalf("%d carts made", n)
	}
	slices.Sort(ids)
	if ids = slices.Compact(ids); len(ids) != 1 {
		t.Fatalf("answers name several carts: %v", ids)
	}
}

func TestCartOfAProtectedGalleryNeedsAccess(t *testing.T) {
	s := newCartEnv(t)
	visitor := s.another()
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/cart"},
		{"GET", "/api/cart/photoProducts/" + s.photos[0].ID},
		{"POST", "/api/cart/digitalFiles/" + s.photos[0].ID + "/" + s.hd},
		{"POST", "/api/cart/ongoing-packs"},
	} {
		var got restError
		if status := visitor.call(c.method, c.path, s.wedding, nil, &got); status != 401 || got.Code != "unauthorized" {
			t.Errorf("%s %s: %d %+v", c.method, c.path, status, got)
		}
	}
	if r := visitor.graphql(`query($g: ID!) { cart(galleryId: $g) { id } }`, map[string]any{"g": s.wedding}, nil); errorCode(r) != "unauthorized" {
		t.Errorf("GraphQL cart: %+v", r.Errors)
	}

	// A guest with the code and an e-mail has a cart there, which knows
	// only the wedding's photos.
	guest := s.person("invite@example.com", s.wedding, seed.DemoVisitorCode)
	var c restCart
	if status := guest.call("GET", "/api/cart", s.wedding, nil, &c); status != 200 || c.ID == "" {
		t.Fatalf("guest: %d %+v", status, c.restError)
	}
	weddingHD := s.formatID(s.wedding, "Fichiers numériques", "Fichier HD")
	var got restError
	if status := guest.call("POST", "/api/cart/digitalFiles/"+s.photos[0].ID+"/"+weddingHD, s.wedding, nil, &got); status != 404 || got.Code != "photo_not_found" {
		t.Fatalf("gala's photo in the wedding: %d %+v", status, got)
	}
	r := guest.graphql(`mutation($input: DigitalFileInput!) { addDigitalFile(input: $input) { cart { id } userErrors { code } } }`,
		map[string]any{"input": map[string]any{"galleryId": s.wedding, "photoId": s.photos[0].ID, "formatId": weddingHD}}, nil)
	if errorCode(r) != "photo_not_found" {
		t.Fatalf("GraphQL: %+v", r.Errors)
	}
	// The gala's format is not sold in the wedding either.
	weddingPhoto := s.visiblePhotos(s.wedding)[0]
	if status := guest.call("POST", "/api/cart/digitalFiles/"+weddingPhoto.ID+"/"+s.hd, s.wedding, nil, &got); status != 422 || got.Code != "format_not_found" {
		t.Fatalf("gala's format in the wedding: %d %+v", status, got)
	}
	if status := guest.call("POST", "/api/cart/digitalFiles/"+weddingPhoto.ID+"/"+weddingHD, s.wedding, nil, &c); status != 200 || len(c.Photos) != 1 {
		t.Fatalf("wedding file: %d %+v", status, c)
	}
	// Its cart in the gala is another one.
	var galaCart restCart
	guest.call("GET", "/api/cart", s.gala, nil, &galaCart)
	if galaCart.ID == c.ID || len(galaCart.Photos) != 0 {
		t.Fatalf("one cart for two galleries: %s", galaCart.ID)
	}
	if n := s.db.Client.Cart.Query().Where(entcart.HasGalleryWith(gallery.ID(s.wedding))).CountX(s.sys); n != 1 {
		t.Fatalf("%d carts in the wedding", n)
	}
}
