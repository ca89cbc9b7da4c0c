package server

import (
	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
)

// The REST door speaks the old client's JSON: ids as _id, money as
// {amount, currency} like GraphQL.

type photographerJSON struct {
	ID         string `json:"_id"`
	Name       string `json:"name"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Website    string `json:"website"`
	Street     string `json:"street"`
	PostalCode string `json:"postalCode"`
	City       string `json:"city"`
	Country    string `json:"country"`
	LogoURL    string `json:"logoUrl"`
}

func newPhotographerJSON(p *ent.Photographer) photographerJSON {
	return photographerJSON{ID: p.ID, Name: p.Name, Email: p.Email, Phone: p.Phone, Website: p.Website,
		Street: p.Street, PostalCode: p.PostalCode, City: p.City, Country: p.Country, LogoURL: p.LogoURL}
}

type accessPolicyJSON struct {
	NeedEmail  bool `json:"needEmail"`
	IsPublic   bool `json:"isPublic"`
	HasClients bool `json:"hasClients"`
}

type categoryJSON struct {
	ID          string `json:"_id"`
	Name        string `json:"name"`
	Section     string `json:"section"`
	Description string `json:"description"`
	Position    int    `json:"position"`
}

type familyJSON struct {
	ID                 string `json:"_id"`
	Name               string `json:"name"`
	Description        string `json:"description"`
	Category           string `json:"category"`
	MatGlossOption     bool   `json:"matGlossOption"`
	WhiteBordersOption bool   `json:"whiteBordersOption"`
	WhiteMarginAllowed bool   `json:"whiteMarginAllowed"`
	NumberOfImages     int    `json:"numberOfImages"`
}

type formatJSON struct {
	ID                string      `json:"_id"`
	Name              string      `json:"name"`
	ShortSize         float64     `json:"shortSize"`
	LongSize          float64     `json:"longSize"`
	UnitPrice         money.Money `json:"unitPrice"`
	OnlyInPack        bool        `json:"onlyInPack"`
	Lab               string      `json:"lab"`
	Kind              string      `json:"kind"`
	DigitalQuality    string      `json:"digitalQuality,omitempty"`
	Watermark         bool        `json:"watermark"`
	ExcludedCountries []string    `json:"excludedCountries"`
	Family            string      `json:"family"`
	Category          string      `json:"category"`
}

type packFormatJSON struct {
	Format   string `json:"format"`
	Quantity int    `json:"quantity"`
	Photos   int    `json:"photos"`
}

type packDigitalJSON struct {
	Format         string `json:"format"`
	Quantity       int    `json:"quantity"`
	WebDescription string `json:"webDescription"`
	HdDescription  string `json:"hdDescription"`
}

type packJSON struct {
	ID                 string            `json:"_id"`
	Pack               string            `json:"pack"`
	DisplayName        string            `json:"displayName"`
	Description        string            `json:"description"`
	UnitPrice          money.Money       `json:"unitPrice"`
	Gift               bool              `json:"gift"`
	ShippingIncludedTo []string          `json:"shippingIncludedTo"`
	OfferType          string            `json:"offerType"`
	Formats            []packFormatJSON  `json:"formats"`
	DigitalFiles       []packDigitalJSON `json:"digitalFiles"`
}

type discountJSON struct {
	ID        string      `json:"_id"`
	Threshold money.Money `json:"threshold"`
	Percent   int         `json:"percent"`
}

type pricesJSON struct {
	Formats    []formatJSON   `json:"formats"`
	Families   []familyJSON   `json:"families"`
	Categories []categoryJSON `json:"categories"`
}

type productImagesJSON struct {
	Family         string `json:"family"`
	NumberOfImages int    `json:"numberOfImages"`
}

type musicJSON struct {
	Active  bool   `json:"active"`
	TrackID string `json:"trackId,omitempty"`
	URL     string `json:"url,omitempty"`
	Title   string `json:"title,omitempty"`
}

type albumJSON struct {
	Activated bool `json:"activated"`
	MaxPhotos int  `json:"maxPhotos"`
	// Photos are the ids of the clients' album's photos, for those who
	// compose it (the gallery's clients); empty for everyone else.
	Photos []string `json:"photos"`
}

type galleryJSON struct {
	ID                         string                    `json:"_id"`
	URL                        string                    `json:"url"`
	EventName                  string                    `json:"eventName"`
	EventDateString            string                    `json:"eventDateString"`
	CoverPhoto                 *photoJSON                `json:"coverPhoto"`
	CoverPhotoPosition         string                    `json:"coverPhotoPosition"`
	AccessPolicy               accessPolicyJSON          `json:"accessPolicy"`
	Auth                       authJSON                  `json:"auth"`
	Theme                      model.Theme               `json:"theme"`
	Prices                     pricesJSON                `json:"prices"`
	AvailablePacks             []packJSON                `json:"availablePacks"`
	ProductImages              []productImagesJSON       `json:"productImages"`
	DownloadInformation        model.DownloadInformation `json:"downloadInformation"`
	PrintOptions               model.PrintOptions        `json:"printOptions"`
	CollectionNames            []string                  `json:"collectionNames"`
	Album                      albumJSON                 `json:"album"`
	ShowFilename               bool                      `json:"showFilename"`
	Music                      musicJSON                 `json:"music"`
	DeliveryOptions            []string                  `json:"deliveryOptions"`
	WelcomePopupConfig         *model.WelcomePopup       `json:"welcomePopupConfig"`
	Discounts                  []discountJSON            `json:"discounts"`
	HideSaleEmphasis           bool                      `json:"hideSaleEmphasis"`
	LightenHomepage            bool                      `json:"lightenHomepage"`
	PhotographerSelectionCount int                       `json:"photographerSelectionCount"`
}

func newGalleryJSON(g *ent.Gallery, c *catalogue.Catalogue, cover *ent.Photo, st gallery.State, selCount int, albumPhotos []string) galleryJSON {
	out := galleryJSON{
		ID: g.ID, URL: g.URL, EventName: g.EventName, EventDateString: g.EventDate,
		CoverPhotoPosition:         g.CoverPhotoPosition,
		AccessPolicy:               accessPolicyJSON{NeedEmail: g.NeedEmail, IsPublic: g.IsPublic, HasClients: g.HasClients},
		Auth:                       newAuthJSON(st),
		Theme:                      g.Theme,
		DownloadInformation:        g.DownloadInformation,
		PrintOptions:               g.PrintOptions,
		CollectionNames:            g.CollectionNames,
		Album:                      albumJSON{Activated: g.AlbumActivated, MaxPhotos: g.AlbumMaxPhotos, Photos: albumPhotos},
		ShowFilename:               g.ShowFilename,
		Music:                      musicJSON{Active: g.MusicActive},
		DeliveryOptions:            g.DeliveryOptions,
		HideSaleEmphasis:           g.HideSaleEmphasis,
		LightenHomepage:            g.LightenHomepage,
		PhotographerSelectionCount: selCount,
		Prices:                     pricesJSON{Formats: []formatJSON{}, Families: []familyJSON{}, Categories: []categoryJSON{}},
		AvailablePacks:             []packJSON{},
		ProductImages:              []productImagesJSON{},
		Discounts:                  []discountJSON{},
	}
	if cover != nil {
		p := newPhotoJSON(cover)
		out.CoverPhoto = &p
	}
	if g.WelcomePopup != nil && g.WelcomePopup.Mode != "" {
		out.WelcomePopupConfig = g.WelcomePopup
	}
	if t := g.Edges.MusicTrack; t != nil {
		out.Music.TrackID, out.Music.URL, out.Music.Title = t.ID, "/media/music/"+t.ID, t.Title
	}
	for _, x := range c.Categories {
		out.Prices.Categories = append(out.Prices.Categories, categoryJSON{ID: x.ID, Name: x.Name, Section: string(x.Section),
			Description: x.Description, Position: x.Position})
	}
	for _, x := range c.Families {
		out.Prices.Families = append(out.Prices.Families, familyJSON{ID: x.ID, Name: x.Name, Description: x.Description,
			Category: x.CategoryID, MatGlossOption: x.MatGlossOption, WhiteBordersOption: x.WhiteBordersOption,
			WhiteMarginAllowed: x.WhiteMarginAllowed, NumberOfImages: x.NumberOfImages})
		out.ProductImages = append(out.ProductImages, productImagesJSON{Family: x.ID, NumberOfImages: x.NumberOfImages})
	}
	for _, x := range c.Formats {
		f := formatJSON{ID: x.ID, Name: catalogue.FormatName(x), ShortSize: x.ShortSize, LongSize: x.LongSize,
			UnitPrice: money.EURCents(x.UnitPrice), OnlyInPack: x.OnlyInPack, Lab: x.Lab, Kind: string(x.Kind),
			Watermark: x.Watermark, ExcludedCountries: x.ExcludedCountries, Family: x.FamilyID}
		if x.DigitalQuality != nil {
			f.DigitalQuality = string(*x.DigitalQuality)
		}
		if x.Edges.Family != nil {
			f.Category = x.Edges.Family.CategoryID
		}
		out.Prices.Formats = append(out.Prices.Formats, f)
	}
	for _, p := range c.Packs {
		pj := packJSON{ID: p.ID, Pack: p.Name, DisplayName: p.DisplayName, Description: p.Description,
			UnitPrice: money.EURCents(p.UnitPrice), Gift: p.Gift, ShippingIncludedTo: p.ShippingIncludedTo,
			OfferType: catalogue.OfferType(p), Formats: []packFormatJSON{}, DigitalFiles: []packDigitalJSON{}}
		for _, f := range p.Edges.Formats {
			pj.Formats = append(pj.Formats, packFormatJSON{Format: f.FormatID, Quantity: f.Quantity, Photos: f.Photos})
		}
		for _, f := range p.Edges.DigitalFiles {
			pj.DigitalFiles = append(pj.DigitalFiles, packDigitalJSON{Format: f.FormatID, Quantity: f.Quantity,
				WebDescription: f.WebDescription, HdDescription: f.HdDescription})
		}
		out.AvailablePacks = append(out.AvailablePacks, pj)
	}
	for _, d := range c.Discounts {
		out.Discounts = append(out.Discounts, discountJSON{ID: d.ID, Threshold: money.EURCents(d.Threshold), Percent: d.Percent})
	}
	return out
}

type photoURLsJSON struct {
	Thumbnail string `json:"thumbnail"`
	Viewer    string `json:"viewer"`
	SrcSet    string `json:"srcSet"`
}

type photoJSON struct {
	ID            string        `json:"_id"`
	Filename      string        `json:"filename"`
	Width         int           `json:"width"`
	Height        int           `json:"height"`
	Portrait      bool          `json:"portrait"`
	Ratio         float64       `json:"ratio"`
	IsPrivate     bool          `json:"isPrivate"`
	ClientHidden  bool          `json:"clientHidden"`
	Favorite      bool          `json:"favorite"`
	Collection    string        `json:"collection"`
	Position      int           `json:"position"`
	DominantColor string        `json:"dominantColor"`
	Status        string        `json:"status"`
	URLs          photoURLsJSON `json:"urls"`
}

func newPhotoJSON(p *ent.Photo) photoJSON {
	return photoJSON{
		ID: p.ID, Filename: p.Filename, Width: p.Width, Height: p.Height,
		Portrait: p.Height > p.Width, Ratio: float64(p.Width) / float64(p.Height),
		IsPrivate: p.IsPrivate, ClientHidden: p.ClientHidden, Favorite: p.Favorite, Collection: p.Collection, Position: p.Position,
		DominantColor: p.DominantColor, Status: string(p.Status),
		URLs: photoURLsJSON{
			Thumbnail: media.URL(p.ID, p.ContentHash, media.Pick(p.Derivatives, media.ThumbnailWidth)),
			Viewer:    media.URL(p.ID, p.ContentHash, media.Pick(p.Derivatives, media.WebWidth)),
			SrcSet:    media.SrcSet(p.ID, p.ContentHash, p.Derivatives),
		},
	}
}

type videoJSON struct {
	ID           string `json:"_id"`
	EmbeddedURL  string `json:"embeddedUrl"`
	Host         string `json:"host"`
	HostVideoID  string `json:"hostVideoId"`
	Title        string `json:"title"`
	Favorite     bool   `json:"favorite"`
	Collection   string `json:"collection"`
	ThumbnailURL string `json:"thumbnailUrl"`
	EmbedURL     string `json:"embedUrl"`
}

func newVideoJSON(v *ent.Video) videoJSON {
	return videoJSON{ID: v.ID, EmbeddedURL: v.EmbeddedURL, Host: string(v.Host), HostVideoID: v.HostVideoID,
		Title: v.Title, Favorite: v.Favorite, Collection: v.Collection,
		ThumbnailURL: gallery.VideoThumbnail(v), EmbedURL: gallery.VideoEmbedURL(v)}
}

type toastConfigJSON struct {
	Timeout     int    `json:"timeout"`
	RemoveDelay int    `json:"removeDelay"`
	Position    string `json:"position"`
}

type configJSON struct {
	Version              string          `json:"version"`
	Currency             string          `json:"currency"`
	Locale               string          `json:"locale"`
	FallbackLocale       string          `json:"fallbackLocale"`
	PaymentMethods       []string        `json:"paymentMethods"`
	HTTPTimeout          int             `json:"httpTimeout"`
	DigitalDeliveryHours int             `json:"digitalDeliveryHours"`
	AccessCookieDays     int             `json:"accessCookieDays"`
	Toast                toastConfigJSON `json:"toast"`
}

func newConfigJSON() configJSON {
	return configJSON{Version: Version, Currency: "EUR", Locale: "fr", FallbackLocale: "fr",
		PaymentMethods: []string{"card", "bancontact"}, HTTPTimeout: 0, DigitalDeliveryHours: 24,
		AccessCookieDays: 30, Toast: toastConfigJSON{Timeout: 5000, RemoveDelay: 1000, Position: "top"}}
}

type ogJSON struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"`
	URL         string `json:"url"`
	SiteName    string `json:"siteName"`
}

// listJSON presents a list with one of the new...JSON functions.
func listJSON[T, J any](items []T, present func(T) J) []J {
	out := make([]J, len(items))
	for i, it := range items {
		out[i] = present(it)
	}
	return out
}
