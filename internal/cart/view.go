package cart

import (
	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
)

// View is a cart as both doors answer it: its items with their photos and
// formats, and the prices of internal/pricing.
type View struct {
	ID                    string
	GalleryID             string
	Version               int
	Photos                []*PhotoItem
	OngoingPacks          []*PackItem
	Packs                 []*PackItem
	AllDigitalFileFormats []*AllGalleryItem
	Vouchers              []*VoucherView
	Discount              *DiscountView
	PhotosNeedRetouch     bool
	CartUpdated           bool
	ClientData            *model.ClientData
	AvailablePacks        []*ent.Pack
	RegroupSuggestion     *RegroupSuggestion
	NeedsDelivery         bool
	DeliveryOption        string
	ShippingCountry       string
	ShippingProblems      []*ShippingProblem
	PickupAddress         string
	Totals                *Totals
	ItemCount             int
}

// IsNode marks the cart as a Relay node.
func (*View) IsNode() {}

// PhotoItem is a print or a single digital file.
type PhotoItem struct {
	ID      string
	Kind    cartitem.Kind
	PhotoID string
	// Photo is nil when the viewer may no longer see it.
	Photo       *ent.Photo
	Format      *ent.Format
	Finish      *cartitem.Finish
	Border      *cartitem.Border
	Crop        *model.Crop
	Quantity    int
	UnitPrice   money.Money
	Total       money.Money
	WhiteMargin bool
}

// PackItem is a pack instance, complete or being configured.
type PackItem struct {
	ID              string
	PackInstanceID  string
	ClientPackName  string
	GalleryItem     *ent.Pack
	Formats         []*PackFormat
	DigitalFiles    []*PackFormat
	RemainingPhotos int
	Complete        bool
	UnitPrice       money.Money
}

// PackFormat is one format of a pack instance and the photos chosen.
type PackFormat struct {
	Format    *ent.Format
	Quantity  int
	MaxPhotos int
	Selected  int
	Photos    []*PackPhoto
	// Included: digital files the gallery's free download gives the
	// viewer; they come with the pack, none to choose (includedSlot).
	Included bool
}

// PackPhoto is one chosen photo of a pack format.
type PackPhoto struct {
	PhotoID  string
	Photo    *ent.Photo
	Quantity int
	Finish   *cartitem.Finish
	Border   *cartitem.Border
	Crop     *model.Crop
}

// AllGalleryItem is a whole-gallery download.
type AllGalleryItem struct {
	ID         string
	Format     *ent.Format
	Price      money.Money
	PhotoCount int
}

// VoucherView is a code or a gift card in the cart.
type VoucherView struct {
	Code             string
	Kind             voucher.Kind
	Applied          bool
	Reason           *string
	Message          *string
	Amount           money.Money
	RemainingBalance *money.Money
}

// DiscountView is the discount that applies.
type DiscountView struct {
	Source       string
	Code         *string
	Percent      int
	Amount       money.Money
	FreeShipping bool
}

// ShippingProblem is an item that cannot go to the country.
type ShippingProblem struct {
	CartItemID string
	Country    string
	Reason     string
	Message    string
}

// RegroupSuggestion is a pack the individual items would make for less.
type RegroupSuggestion struct {
	Pack   *ent.Pack
	Saving money.Money
}

// Totals are the cart's sums.
type Totals struct {
	Merchandise            money.Money
	Discount               money.Money
	ShippingBeforeDiscount money.Money
	Shipping               money.Money
	TotalBeforeGiftCards   money.Money
	GiftCards              money.Money
	Total                  money.Money
	Vat                    *VatBreakdown
}

// VatBreakdown is the VAT contained in the total.
type VatBreakdown struct {
	RatePercent float64
	Base        money.Money
	Amount      money.Money
}

// PhotoProduct is how a format suits a photo.
type PhotoProduct struct {
	Format        *ent.Format
	RatioDiffers  bool
	WhiteMargin   string
	Finishes      []cartitem.Finish
	DefaultFinish *cartitem.Finish
	Borders       []cartitem.Border
	DefaultCrop   *model.Crop
}
