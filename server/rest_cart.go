package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
)

// The REST doors of internal/cart (spec section 7). Every call names its
// gallery with X-Gallery-Id and answers the cart object below; refusals
// use writeError's shape with a stable code.

// cartJSON is the cart as the REST client reads it: the spec's fields, with
// ids naming the gallery's photos, formats and packs it already holds.
type cartJSON struct {
	ID                    string               `json:"_id"`
	Version               int                  `json:"version"`
	Photos                []cartPhotoJSON      `json:"photos"`
	OngoingPacks          []cartPackJSON       `json:"ongoingPacks"`
	Packs                 []cartPackJSON       `json:"packs"`
	AllDigitalFileFormats []cartAllGalleryJSON `json:"allDigitalFileFormats"`
	Vouchers              []cartVoucherJSON    `json:"vouchers"`
	Discount              *cartDiscountJSON    `json:"discount"`
	PhotosNeedRetouch     bool                 `json:"photosNeedRetouch"`
	CartUpdated           bool                 `json:"cartUpdated"`
	ClientData            *model.ClientData    `json:"clientData"`
	AvailablePacks        []string             `json:"availablePacks"`
	RegroupSuggestion     *cartRegroupJSON     `json:"regroupSuggestion"`
	NeedsDelivery         bool                 `json:"needsDelivery"`
	DeliveryOption        string               `json:"deliveryOption"`
	ShippingCountry       string               `json:"shippingCountry"`
	ShippingProblems      []cartProblemJSON    `json:"shippingProblems"`
	PickupAddress         string               `json:"pickupAddress"`
	Totals                cartTotalsJSON       `json:"totals"`
	ItemCount             int                  `json:"itemCount"`
}

type cartPhotoJSON struct {
	ID          string      `json:"_id"`
	Kind        string      `json:"kind"`
	PhotoID     string      `json:"photo"`
	FormatID    string      `json:"format"`
	FormatName  string      `json:"formatName"`
	Finish      *string     `json:"finish"`
	Border      *string     `json:"border"`
	Crop        *model.Crop `json:"crop"`
	Quantity    int         `json:"quantity"`
	UnitPrice   money.Money `json:"unitPrice"`
	Total       money.Money `json:"total"`
	WhiteMargin bool        `json:"whiteMargin"`
	Available   bool        `json:"available"`
}

type cartPackJSON struct {
	ID              string               `json:"_id"`
	PackInstanceID  string               `json:"packInstanceId"`
	ClientPackName  string               `json:"clientPackName"`
	GalleryItem     string               `json:"galleryItem"`
	Formats         []cartPackFormatJSON `json:"formats"`
	DigitalFiles    []cartPackFormatJSON `json:"digitalFiles"`
	RemainingPhotos int                  `json:"remainingPhotos"`
	Complete        bool                 `json:"complete"`
	UnitPrice       money.Money          `json:"unitPrice"`
}

type cartPackFormatJSON struct {
	Format    string                  `json:"format"`
	Quantity  int                     `json:"quantity"`
	MaxPhotos int                     `json:"maxPhotos"`
	Selected  int                     `json:"selected"`
	Photos    []model.PackPhotoChoice `json:"photos"`
	Included  bool                    `json:"included"`
}

type cartAllGalleryJSON struct {
	ID         string      `json:"_id"`
	Format     string      `json:"format"`
	Price      money.Money `json:"price"`
	PhotoCount int         `json:"photoCount"`
}

type cartVoucherJSON struct {
	Code             string       `json:"code"`
	Kind             string       `json:"kind"`
	Applied          bool         `json:"applied"`
	Reason           *string      `json:"reason"`
	Message          *string      `json:"message"`
	Amount           money.Money  `json:"amount"`
	RemainingBalance *money.Money `json:"remainingBalance"`
}

type cartDiscountJSON struct {
	Source       string      `json:"source"`
	Code         *string     `json:"code"`
	Percent      int         `json:"percent"`
	Amount       money.Money `json:"amount"`
	FreeShipping bool        `json:"freeShipping"`
}

type cartRegroupJSON struct {
	Pack   string      `json:"pack"`
	Saving money.Money `json:"saving"`
}

type cartProblemJSON struct {
	CartItemID string `json:"cartItemId"`
	Country    string `json:"country"`
	Reason     string `json:"reason"`
	Message    string `json:"message"`
}

type cartTotalsJSON struct {
	Merchandise            money.Money `json:"merchandise"`
	Discount               money.Money `json:"discount"`
	ShippingBeforeDiscount money.Money `json:"shippingBeforeDiscount"`
	Shipping               money.Money `json:"shipping"`
	TotalBeforeGiftCards   money.Money `json:"totalBeforeGiftCards"`
	GiftCards              money.Money `json:"giftCards"`
	Total                  money.Money `json:"total"`
	VAT                    struct {
		RatePercent float64     `json:"ratePercent"`
		Base        money.Money `json:"base"`
		Amount      money.Money `json:"amount"`
	} `json:"vat"`
}

func newCartJSON(v *cart.View) cartJSON {
	out := cartJSON{ID: v.ID, Version: v.Version, PhotosNeedRetouch: v.PhotosNeedRetouch, CartUpdated: v.CartUpdated,
		ClientData: v.ClientData, NeedsDelivery: v.NeedsDelivery, DeliveryOption: v.DeliveryOption,
		ShippingCountry: v.ShippingCountry, PickupAddress: v.PickupAddress, ItemCount: v.ItemCount,
		Photos: []cartPhotoJSON{}, OngoingPacks: []cartPackJSON{}, Packs: []cartPackJSON{},
		AllDigitalFileFormats: []cartAllGalleryJSON{}, Vouchers: []cartVoucherJSON{}, AvailablePacks: []string{},
		ShippingProblems: []cartProblemJSON{}}
	for _, p := range v.Photos {
		out.Photos = append(out.Photos, cartPhotoJSON{ID: p.ID, Kind: string(p.Kind), PhotoID: p.PhotoID, FormatID: p.Format.ID,
			FormatName: catalogue.FormatName(p.Format), Finish: enumString(p.Finish), Border: enumString(p.Border), Crop: p.Crop,
			Quantity: p.Quantity, UnitPrice: p.UnitPrice, Total: p.Total, WhiteMargin: p.WhiteMargin, Available: p.Photo != nil})
	}
	for _, p := range v.OngoingPacks {
		out.OngoingPacks = append(out.OngoingPacks, newCartPackJSON(p))
	}
	for _, p := range v.Packs {
		out.Packs = append(out.Packs, newCartPackJSON(p))
	}
	for _, a := range v.AllDigitalFileFormats {
		out.AllDigitalFileFormats = append(out.AllDigitalFileFormats, cartAllGalleryJSON{ID: a.ID, Format: a.Format.ID, Price: a.Price, PhotoCount: a.PhotoCount})
	}
	for _, vc := range v.Vouchers {
		out.Vouchers = append(out.Vouchers, cartVoucherJSON{Code: vc.Code, Kind: string(vc.Kind), Applied: vc.Applied, Reason: vc.Reason,
			Message: vc.Message, Amount: vc.Amount, RemainingBalance: vc.RemainingBalance})
	}
	if d := v.Discount; d != nil {
		out.Discount = &cartDiscountJSON{Source: d.Source, Code: d.Code, Percent: d.Percent, Amount: d.Amount, FreeShipping: d.FreeShipping}
	}
	for _, p := range v.AvailablePacks {
		out.AvailablePacks = append(out.AvailablePacks, p.ID)
	}
	if rs := v.RegroupSuggestion; rs != nil && rs.Pack != nil {
		out.RegroupSuggestion = &cartRegroupJSON{Pack: rs.Pack.ID, Saving: rs.Saving}
	}
	for _, p := range v.ShippingProblems {
		out.ShippingProblems = append(out.ShippingProblems, cartProblemJSON{CartItemID: p.CartItemID, Country: p.Country, Reason: p.Reason, Message: p.Message})
	}
	t := v.Totals
	out.Totals = cartTotalsJSON{Merchandise: t.Merchandise, Discount: t.Discount, ShippingBeforeDiscount: t.ShippingBeforeDiscount,
		Shipping: t.Shipping, TotalBeforeGiftCards: t.TotalBeforeGiftCards, GiftCards: t.GiftCards, Total: t.Total}
	out.Totals.VAT.RatePercent, out.Totals.VAT.Base, out.Totals.VAT.Amount = t.Vat.RatePercent, t.Vat.Base, t.Vat.Amount
	return out
}

func newCartPackJSON(p *cart.PackItem) cartPackJSON {
	out := cartPackJSON{ID: p.ID, PackInstanceID: p.PackInstanceID, ClientPackName: p.ClientPackName, RemainingPhotos: p.RemainingPhotos,
		Complete: p.Complete, UnitPrice: p.UnitPrice, Formats: []cartPackFormatJSON{}, DigitalFiles: []cartPackFormatJSON{}}
	if p.GalleryItem != nil {
		out.GalleryItem = p.GalleryItem.ID
	}
	conv := func(fs []*cart.PackFormat) []cartPackFormatJSON {
		res := []cartPackFormatJSON{}
		for _, f := range fs {
			pf := cartPackFormatJSON{Quantity: f.Quantity, MaxPhotos: f.MaxPhotos, Selected: f.Selected, Photos: []model.PackPhotoChoice{},
				Included: f.Included}
			if f.Format != nil {
				pf.Format = f.Format.ID
			}
			for _, ph := range f.Photos {
				c := model.PackPhotoChoice{PhotoID: ph.PhotoID, Quantity: ph.Quantity, Crop: ph.Crop}
				if ph.Finish != nil {
					c.Finish = string(*ph.Finish)
				}
				if ph.Border != nil {
					c.Border = string(*ph.Border)
				}
				pf.Photos = append(pf.Photos, c)
			}
			res = append(res, pf)
		}
		return res
	}
	out.Formats, out.DigitalFiles = conv(p.Formats), conv(p.DigitalFiles)
	return out
}

func enumString[T ~string](v *T) *string {
	if v == nil {
		return nil
	}
	s := string(*v)
	return &s
}

// cartCall runs a cart call on the header's gallery and answers the cart.
func (s *Server) cartCall(w http.ResponseWriter, r *http.Request, fn func(*ent.Gallery) (*cart.View, error)) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	v, err := fn(g)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, newCartJSON(v))
}

// cartRoutes mounts /api/cart.
func (s *Server) cartRoutes(r chi.Router) {
	r.Get("/", s.restCart)
	r.Post("/ongoing-packs", s.restCreateOngoingPack)
	r.Post("/ongoing-packs/{packInstanceId}", s.restConfigureOngoingPack)
	r.Delete("/ongoing-packs/{packInstanceId}", s.restDeleteOngoingPack)
	r.Post("/packs", s.restAddPack)
	r.Delete("/packs/{id}", s.restRemovePack)
	r.Post("/packs/{packInstanceId}", s.restEditPack)
	r.Post("/digitalFiles/allGallery", s.restAddAllGallery)
	r.Delete("/digitalFiles/allGallery/{format}", s.restRemoveAllGallery)
	r.Post("/digitalFiles/{photoId}/{format}", s.restAddDigitalFile)
	r.Delete("/digitalFiles/{photoId}/{format}", s.restRemoveDigitalFile)
	r.Post("/formats/{photoId}/{format}", s.restSetPrint)
	r.Post("/formats/{photoId}/{format}/{cartItemId}", s.restSetPrint)
	r.Delete("/formats/{photoId}/{format}/{cartItemId}", s.restRemovePrint)
	r.Post("/address", s.restClientData)
	r.Post("/vouchers/{code}", s.restAddVoucher)
	r.Delete("/vouchers/{code}", s.restRemoveVoucher)
	r.Post("/regroupItemsInPack", s.restRegroup)
	r.Get("/photoProducts/{photoId}", s.restPhotoProducts)
}

// restCart is GET /api/cart.
func (s *Server) restCart(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) { return s.Carts.Get(r.Context(), g) })
}

// restCreateOngoingPack is POST /api/cart/ongoing-packs. Body: {"packId"}.
func (s *Server) restCreateOngoingPack(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		var body struct {
			PackID string `json:"packId"`
		}
		if err := decodeJSON(r, &body); err != nil {
			return nil, err
		}
		return s.Carts.CreateOngoingPack(r.Context(), g, body.PackID)
	})
}

type packPhotoBody struct {
	PhotoID  string           `json:"photoId"`
	Quantity int              `json:"quantity"`
	Finish   *cartitem.Finish `json:"finish"`
	Border   *cartitem.Border `json:"border"`
	Crop     *model.Crop      `json:"crop"`
}

type packFormatBody struct {
	FormatID string          `json:"formatId"`
	Photos   []packPhotoBody `json:"photos"`
}

func packChoices(in []packFormatBody) []cart.PackChoice {
	out := make([]cart.PackChoice, 0, len(in))
	for _, f := range in {
		c := cart.PackChoice{FormatID: f.FormatID}
		for _, p := range f.Photos {
			c.Photos = append(c.Photos, cart.PhotoChoice{PhotoID: p.PhotoID, Quantity: p.Quantity, Finish: p.Finish, Border: p.Border, Crop: p.Crop})
		}
		out = append(out, c)
	}
	return out
}

// restConfigureOngoingPack is POST /api/cart/ongoing-packs/{packInstanceId}.
// Body: {"formats":[{"formatId","photos":[{"photoId","quantity","finish","border","crop"}]}],"digitalFiles":[...],"clientPackName"}.
func (s *Server) restConfigureOngoingPack(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		var body struct {
			Formats        []packFormatBody `json:"formats"`
			DigitalFiles   []packFormatBody `json:"digitalFiles"`
			ClientPackName *string          `json:"clientPackName"`
		}
		if err := decodeJSON(r, &body); err != nil {
			return nil, err
		}
		return s.Carts.ConfigureOngoingPack(r.Context(), g, cart.ConfigureInput{PackInstanceID: chi.URLParam(r, "packInstanceId"),
			Formats: packChoices(body.Formats), DigitalFiles: packChoices(body.DigitalFiles), ClientPackName: body.ClientPackName})
	})
}

// restDeleteOngoingPack is DELETE /api/cart/ongoing-packs/{packInstanceId};
// with ?formatId= it removes that format's configuration only.
func (s *Server) restDeleteOngoingPack(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		id := chi.URLParam(r, "packInstanceId")
		if f := r.URL.Query().Get("formatId"); f != "" {
			return s.Carts.RemovePackFormat(r.Context(), g, id, f)
		}
		return s.Carts.DeleteOngoingPack(r.Context(), g, id)
	})
}

// restAddPack is POST /api/cart/packs. Body: {"packInstanceId","clientPackName"}.
func (s *Server) restAddPack(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		var body struct {
			PackInstanceID string  `json:"packInstanceId"`
			ClientPackName *string `json:"clientPackName"`
		}
		if err := decodeJSON(r, &body); err != nil {
			return nil, err
		}
		return s.Carts.AddPack(r.Context(), g, body.PackInstanceID, body.ClientPackName)
	})
}

// restRemovePack is DELETE /api/cart/packs/{id} (pack instance or cart item id).
func (s *Server) restRemovePack(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.RemovePack(r.Context(), g, chi.URLParam(r, "id"))
	})
}

// restEditPack is POST /api/cart/packs/{packInstanceId}: back to ongoing.
func (s *Server) restEditPack(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.EditPack(r.Context(), g, chi.URLParam(r, "packInstanceId"))
	})
}

// restAddAllGallery is POST /api/cart/digitalFiles/allGallery. Body: {"format"}.
func (s *Server) restAddAllGallery(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		var body struct {
			Format string `json:"format"`
		}
		if err := decodeJSON(r, &body); err != nil {
			return nil, err
		}
		return s.Carts.AddAllGallery(r.Context(), g, body.Format)
	})
}

// restRemoveAllGallery is DELETE /api/cart/digitalFiles/allGallery/{format}.
func (s *Server) restRemoveAllGallery(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.RemoveAllGallery(r.Context(), g, chi.URLParam(r, "format"))
	})
}

// restAddDigitalFile is POST /api/cart/digitalFiles/{photoId}/{format}.
func (s *Server) restAddDigitalFile(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.AddDigitalFile(r.Context(), g, chi.URLParam(r, "photoId"), chi.URLParam(r, "format"))
	})
}

// restRemoveDigitalFile is DELETE /api/cart/digitalFiles/{photoId}/{format}.
func (s *Server) restRemoveDigitalFile(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.RemoveDigitalFile(r.Context(), g, chi.URLParam(r, "photoId"), chi.URLParam(r, "format"))
	})
}

// restSetPrint is POST /api/cart/formats/{photoId}/{format}[/{cartItemId}].
// Body: {"finish","border","crop":{"x","y","width","height"},"quantity"}.
func (s *Server) restSetPrint(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		var body struct {
			Finish   *cartitem.Finish `json:"finish"`
			Border   *cartitem.Border `json:"border"`
			Crop     *model.Crop      `json:"crop"`
			Quantity *int             `json:"quantity"`
		}
		if err := decodeJSON(r, &body); err != nil {
			return nil, err
		}
		in := cart.PrintInput{PhotoID: chi.URLParam(r, "photoId"), FormatID: chi.URLParam(r, "format"),
			CartItemID: chi.URLParam(r, "cartItemId"), Finish: body.Finish, Border: body.Border, Crop: body.Crop, Quantity: 1}
		if body.Quantity != nil {
			in.Quantity = *body.Quantity
		}
		return s.Carts.SetPrint(r.Context(), g, in)
	})
}

// restRemovePrint is DELETE /api/cart/formats/{photoId}/{formatId}/{cartItemId}.
func (s *Server) restRemovePrint(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.RemovePrint(r.Context(), g, chi.URLParam(r, "cartItemId"))
	})
}

// restClientData is POST /api/cart/address. Body: {"billing":{address},
// "shipping":{address},"sameAsBilling","deliveryOption","keepAddresses"}.
// When a postal code and its city disagree (and keepAddresses is not
// set), 422 address_suggestion with "suggestions".
func (s *Server) restClientData(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		body := struct {
			Billing        model.Address  `json:"billing"`
			Shipping       *model.Address `json:"shipping"`
			SameAsBilling  *bool          `json:"sameAsBilling"`
			DeliveryOption string         `json:"deliveryOption"`
			KeepAddresses  bool           `json:"keepAddresses"`
		}{DeliveryOption: "shipping"}
		if err := decodeJSON(r, &body); err != nil {
			return nil, err
		}
		same := body.SameAsBilling == nil || *body.SameAsBilling
		return s.Carts.SetClientData(r.Context(), g, cart.ClientDataInput{Billing: body.Billing, Shipping: body.Shipping,
			SameAsBilling: same, DeliveryOption: body.DeliveryOption, KeepAddresses: body.KeepAddresses})
	})
}

// restAddVoucher is POST /api/cart/vouchers/{code}.
func (s *Server) restAddVoucher(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.AddVoucher(r.Context(), g, chi.URLParam(r, "code"))
	})
}

// restRemoveVoucher is DELETE /api/cart/vouchers/{code}.
func (s *Server) restRemoveVoucher(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) {
		return s.Carts.RemoveVoucher(r.Context(), g, chi.URLParam(r, "code"))
	})
}

// restRegroup is POST /api/cart/regroupItemsInPack.
func (s *Server) restRegroup(w http.ResponseWriter, r *http.Request) {
	s.cartCall(w, r, func(g *ent.Gallery) (*cart.View, error) { return s.Carts.RegroupItemsInPack(r.Context(), g) })
}

// photoProductJSON is how a format suits a photo.
type photoProductJSON struct {
	Format        string      `json:"format"`
	RatioDiffers  bool        `json:"ratioDiffers"`
	WhiteMargin   string      `json:"whiteMargin"`
	Finishes      []string    `json:"finishes"`
	DefaultFinish *string     `json:"defaultFinish"`
	Borders       []string    `json:"borders"`
	DefaultCrop   *model.Crop `json:"defaultCrop"`
}

// restPhotoProducts is GET /api/cart/photoProducts/{photoId}.
func (s *Server) restPhotoProducts(w http.ResponseWriter, r *http.Request) {
	g, err := s.galleryFromHeader(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	ps, err := s.Carts.PhotoProducts(r.Context(), g, chi.URLParam(r, "photoId"))
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out := make([]photoProductJSON, 0, len(ps))
	for _, p := range ps {
		j := photoProductJSON{Format: p.Format.ID, RatioDiffers: p.RatioDiffers, WhiteMargin: p.WhiteMargin,
			DefaultFinish: enumString(p.DefaultFinish), DefaultCrop: p.DefaultCrop, Finishes: []string{}, Borders: []string{}}
		for _, f := range p.Finishes {
			j.Finishes = append(j.Finishes, string(f))
		}
		for _, b := range p.Borders {
			j.Borders = append(j.Borders, string(b))
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}
