package photographer

import (
	"context"
	"fmt"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/album"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/contactmessage"
	"github.com/studio/gallery/ent/discount"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/family"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/galleryvisit"
	"github.com/studio/gallery/ent/musictrack"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/packdigitalfile"
	"github.com/studio/gallery/ent/packformat"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/ent/share"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/model"
)

// GallerySettingsInput are the settings of spec section 3 a photographer sets.
// A nil field is left as it is (or at its default for a new gallery).
type GallerySettingsInput struct {
	URL       *string
	EventName *string
	// EventDate is YYYY-MM-DD, or "" for none.
	EventDate *string
	// CoverPhotoID is a photo of the gallery, or "" for none.
	CoverPhotoID *string
	// CoverPhotoPosition is the cover's focal point, "50% 50%".
	CoverPhotoPosition  *string
	IsPublic            *bool
	NeedEmail           *bool
	HasClients          *bool
	Published           *bool
	Theme               *GalleryThemeInput
	PrintOptions        *PrintOptionsInput
	CollectionNames     []string
	Album               *AlbumSettingsInput
	ShowFilename        *bool
	Music               *MusicInput
	DeliveryOptions     []string
	WelcomePopupConfig  *WelcomePopupConfigInput
	DownloadInformation *DownloadInformationInput
	HideSaleEmphasis    *bool
	LightenHomepage     *bool
	ShopEnabled         *bool
	OgDescription       *string
	// Language is the default language: fr, nl or en.
	Language *string
	// Archived true takes the gallery offline for its guests, false puts it back.
	Archived *bool
	// ExpiresAt is when the gallery goes offline for its guests;
	// NoExpiry true removes it.
	ExpiresAt *time.Time
	NoExpiry  *bool
}

// GalleryThemeInput changes the gallery's look; nil fields stay as they are.
type GalleryThemeInput struct {
	Theme           *string
	Variant         *string
	PhotosGap       *int
	PhotosLayout    *string
	ViewerLimitSize *bool
	ViewerMaxSize   *int
	ViewerVariant   *string
	Colors          *ThemeColorsInput
}

// ThemeColorsInput changes theme colours, each #rrggbb.
type ThemeColorsInput struct {
	Primary   *string
	Secondary *string
	Light     *string
	Accent    *string
}

// PrintOptionsInput changes the gallery-wide print rules.
type PrintOptionsInput struct {
	NonHomotheticity *string
	WhiteBorders     *string
	Finish           *string
}

// AlbumSettingsInput changes the album settings.
type AlbumSettingsInput struct {
	Activated *bool
	MaxPhotos *int
}

// MusicInput switches the gallery's music and picks its track ("" for none).
type MusicInput struct {
	Active  *bool
	TrackID *string
}

// WelcomePopupConfigInput sets the welcome message; mode "" removes the popup.
type WelcomePopupConfigInput struct {
	Mode               string
	MessageForClients  *string
	MessageForVisitors *string
	// Translations, when not nil, replaces the texts in other languages.
	Translations []*WelcomeTranslationInput
}

// WelcomeTranslationInput is the welcome message in one language (fr, nl, en).
type WelcomeTranslationInput struct {
	Language           string
	MessageForClients  *string
	MessageForVisitors *string
}

// DownloadInformationInput changes what may be downloaded.
type DownloadInformationInput struct {
	FreeDownload *bool
	ClientsOnly  *bool
	Qualities    []string
	Message      *string
}

// CreateGalleryInput creates a gallery. URL and EventName are required;
// Settings.URL and Settings.EventName are ignored.
type CreateGalleryInput struct {
	URL       string
	EventName string
	Settings  *GallerySettingsInput
	// CopyCatalogueFrom, when set, names one of the viewer's galleries whose
	// catalogue the new gallery starts with (copied in the same transaction).
	CopyCatalogueFrom *string
}

// UpdateGalleryInput changes a gallery's settings.
type UpdateGalleryInput struct {
	GalleryID string
	Settings  GallerySettingsInput
}

// DeleteGalleryInput names a gallery to delete.
type DeleteGalleryInput struct {
	GalleryID string
}

// Allowed values of the settings, documented in docs/api.md.
var (
	Themes          = []string{"classic", "modern", "minimal"}
	ThemeVariants   = []string{"light", "dark"}
	PhotosLayouts   = []string{"masonry", "grid", "justified"}
	ViewerVariants  = []string{"light", "dark"}
	Policies        = []string{model.PolicyAllowed, model.PolicyForbidden, model.PolicyAsk}
	Finishes        = []string{"glossy", "mat"}
	DeliveryOptions = []string{"shipping", "pickup"}
	Qualities       = []string{"web", "hd"}
	WelcomeModes    = []string{model.WelcomeMsgOnly, model.WelcomeMsgAndFirstSteps}
)

// Limits of the settings.
const (
	MaxCollections   = 50
	MaxGap           = 64
	MinViewerSize    = 320
	MaxViewerSize    = 8192
	MaxAlbumPhotos   = 10000
	maxMessageLength = 4000
)

var (
	slugRE     = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$`)
	colorRE    = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	positionRE = regexp.MustCompile(`^(100|[0-9]{1,2})(\.[0-9]+)?% (100|[0-9]{1,2})(\.[0-9]+)?%$`)
)

// Catalog keys of the messages of the unique values (apperr/messages).
const (
	msgURLTaken            = "url_taken"
	msgDuplicateAccessCode = "duplicate_access_code"
	msgDuplicateVoucher    = "duplicate_voucher"
)

// reservedURLs are the server's own first path segments: a gallery there
// could never be opened.
var reservedURLs = []string{"api", "graphql", "playground", "studio", "media", "healthz", "version", "assets", "static", "admin", "favicon-ico", "robots-txt"}

// CreateGallery creates a gallery owned by the viewer.
func (s *Service) CreateGallery(ctx context.Context, in CreateGalleryInput) (*ent.Gallery, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	set := GallerySettingsInput{}
	if in.Settings != nil {
		set = *in.Settings
	}
	set.URL, set.EventName = &in.URL, &in.EventName
	var g *ent.Gallery
	err = s.inTx(ctx, func(tx *ent.Client) error {
		c := tx.Gallery.Create().SetPhotographerID(pid)
		if err := s.applySettings(ctx, tx, nil, pid, set, c.Mutation()); err != nil {
			return err
		}
		g, err = c.Save(ctx)
		if err := saveErr(uniqueErr(err, CodeURLTaken, msgURLTaken, "url"), "", ""); err != nil {
			return err
		}
		if in.CopyCatalogueFrom == nil || *in.CopyCatalogueFrom == "" {
			return nil
		}
		from, err := ownGalleryAt(ctx, tx, *in.CopyCatalogueFrom, "copyCatalogueFrom")
		if err != nil {
			return err
		}
		_, err = copyCatalogue(ctx, tx, from.ID, g.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return g.Unwrap(), nil
}

// UpdateGallery changes the settings of a gallery the viewer owns.
func (s *Service) UpdateGallery(ctx context.Context, in UpdateGalleryInput) (*ent.Gallery, error) {
	var g *ent.Gallery
	err := s.inTx(ctx, func(tx *ent.Client) error {
		cur, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		u := tx.Gallery.UpdateOne(cur)
		if err := s.applySettings(ctx, tx, cur, cur.PhotographerID, in.Settings, u.Mutation()); err != nil {
			return err
		}
		g, err = u.Save(ctx)
		return saveErr(uniqueErr(err, CodeURLTaken, msgURLTaken, "settings", "url"), "", "")
	})
	if err != nil {
		return nil, err
	}
	return g.Unwrap(), nil
}

// applySettings checks every setting and writes the valid ones to m; cur
// is nil for a new gallery. Problems come back together as an apperr.List,
// with paths under "settings" (url and eventName at the top on create).
func (s *Service) applySettings(ctx context.Context, tx *ent.Client, cur *ent.Gallery, pid string, in GallerySettingsInput, m *ent.GalleryMutation) error {
	var errs apperr.List
	at := func(f ...string) []string {
		if cur == nil && (f[0] == "url" || f[0] == "eventName") {
			return f
		}
		return append([]string{"settings"}, f...)
	}
	if in.URL != nil {
		u := strings.ToLower(strings.TrimSpace(*in.URL))
		switch {
		case u == "":
			errs.Add(userErr(CodeRequired, "required", at("url")...))
		case !slugRE.MatchString(u):
			errs.Add(userErr(CodeInvalidURL, "invalid_url", at("url")...))
		case slices.Contains(reservedURLs, u):
			errs.Add(userErr(CodeURLReserved, "url_reserved", at("url")...))
		default:
			q := tx.Gallery.Query().Where(gallery.URL(u))
			if cur != nil {
				q.Where(gallery.IDNEQ(cur.ID))
			}
			taken, err := q.Exist(ctx)
			if err != nil {
				return fmt.Errorf("photographer: url: %w", err)
			}
			if taken {
				errs.Add(userErr(CodeURLTaken, msgURLTaken, at("url")...))
			}
			m.SetURL(u)
		}
	}
	if in.EventName != nil {
		n := strings.TrimSpace(*in.EventName)
		switch {
		case n == "":
			errs.Add(userErr(CodeRequired, "required", at("eventName")...))
		case utf8.RuneCountInString(n) > 200:
			errs.Add(userErr(CodeTooLong, "name_too_long", at("eventName")...))
		default:
			m.SetEventName(n)
		}
	}
	if in.EventDate != nil {
		d := strings.TrimSpace(*in.EventDate)
		if _, err := time.Parse(time.DateOnly, d); d != "" && err != nil {
			errs.Add(userErr(CodeInvalidDate, "invalid_date_format", at("eventDate")...))
		} else {
			m.SetEventDate(d)
		}
	}
	if in.CoverPhotoID != nil {
		if id := *in.CoverPhotoID; id == "" {
			m.ClearCoverPhotoID()
		} else if cur == nil {
			errs.Add(userErr(CodePhotoNotFound, "new_gallery_no_photos", at("coverPhotoId")...))
		} else {
			ok, err := tx.Photo.Query().Where(photo.ID(id), photo.GalleryID(cur.ID)).Exist(ctx)
			if err != nil {
				return fmt.Errorf("photographer: cover: %w", err)
			}
			if !ok {
				errs.Add(userErr(CodePhotoNotFound, "photo_not_in_gallery", at("coverPhotoId")...))
			} else {
				m.SetCoverPhotoID(id)
			}
		}
	}
	if in.CoverPhotoPosition != nil {
		if p := strings.TrimSpace(*in.CoverPhotoPosition); !positionRE.MatchString(p) {
			errs.Add(userErr(CodeInvalidValue, "invalid_cover_position", at("coverPhotoPosition")...))
		} else {
			m.SetCoverPhotoPosition(p)
		}
	}
	setBool(in.IsPublic, m.SetIsPublic)
	setBool(in.NeedEmail, m.SetNeedEmail)
	setBool(in.HasClients, m.SetHasClients)
	setBool(in.Published, m.SetPublished)
	setBool(in.ShowFilename, m.SetShowFilename)
	setBool(in.HideSaleEmphasis, m.SetHideSaleEmphasis)
	setBool(in.LightenHomepage, m.SetLightenHomepage)
	setBool(in.ShopEnabled, m.SetShopEnabled)
	if in.Archived != nil {
		switch {
		case !*in.Archived:
			m.ClearArchivedAt()
		case cur == nil || cur.ArchivedAt == nil:
			m.SetArchivedAt(time.Now())
		}
	}
	switch {
	case in.NoExpiry != nil && *in.NoExpiry:
		m.ClearExpiresAt()
	case in.ExpiresAt != nil:
		if in.ExpiresAt.Year() < 2000 || in.ExpiresAt.Year() > 9999 {
			errs.Add(userErr(CodeInvalidDate, "invalid_date_format", at("expiresAt")...))
		} else {
			m.SetExpiresAt(in.ExpiresAt.UTC())
		}
	}
	if in.Theme != nil {
		base := model.DefaultTheme()
		if cur != nil {
			base = cur.Theme
		}
		if t, ok := applyTheme(base, *in.Theme, &errs, at("theme")); ok {
			m.SetTheme(t)
		}
	}
	if in.PrintOptions != nil {
		base := model.DefaultPrintOptions()
		if cur != nil {
			base = cur.PrintOptions
		}
		p := in.PrintOptions
		ok := true
		ok = oneOf(p.NonHomotheticity, Policies, &base.NonHomotheticity.Policy, &errs, at("printOptions", "nonHomotheticity")) && ok
		ok = oneOf(p.WhiteBorders, Policies, &base.WhiteBorders.Policy, &errs, at("printOptions", "whiteBorders")) && ok
		ok = oneOf(p.Finish, Finishes, &base.Finish, &errs, at("printOptions", "finish")) && ok
		if ok {
			m.SetPrintOptions(base)
		}
	}
	if in.CollectionNames != nil {
		if names, ok := cleanCollections(in.CollectionNames, &errs, at("collectionNames")); ok {
			m.SetCollectionNames(names)
		}
	}
	if in.Album != nil {
		setBool(in.Album.Activated, m.SetAlbumActivated)
		if n := in.Album.MaxPhotos; n != nil {
			if *n < 0 || *n > MaxAlbumPhotos {
				errs.Add(userErr(CodeOutOfRange, "album_max_photos_range", at("album", "maxPhotos")...).WithArgs(apperr.Args{"Max": MaxAlbumPhotos}))
			} else {
				m.SetAlbumMaxPhotos(*n)
			}
		}
	}
	if in.Music != nil {
		if err := s.applyMusic(ctx, tx, cur, pid, *in.Music, m, &errs, at("music")); err != nil {
			return err
		}
	}
	if in.DeliveryOptions != nil {
		opts, ok := subset(in.DeliveryOptions, DeliveryOptions, &errs, at("deliveryOptions"))
		if ok && len(opts) == 0 {
			errs.Add(userErr(CodeRequired, "delivery_option_required", at("deliveryOptions")...))
		} else if ok {
			m.SetDeliveryOptions(opts)
		}
	}
	if w := in.WelcomePopupConfig; w != nil {
		switch {
		case w.Mode == "":
			m.ClearWelcomePopup()
		case !slices.Contains(WelcomeModes, w.Mode):
			errs.Add(userErr(CodeInvalidValue, "value_not_allowed", at("welcomePopupConfig", "mode")...).WithArgs(apperr.Args{"Allowed": strings.Join(WelcomeModes, ", ")}))
		default:
			wp := model.WelcomePopup{Mode: w.Mode}
			if cur != nil && cur.WelcomePopup != nil {
				wp.MessageForClients, wp.MessageForVisitors = cur.WelcomePopup.MessageForClients, cur.WelcomePopup.MessageForVisitors
				wp.Translations = cur.WelcomePopup.Translations
			}
			ok := text(w.MessageForClients, maxMessageLength, &wp.MessageForClients, &errs, at("welcomePopupConfig", "messageForClients"))
			ok = text(w.MessageForVisitors, maxMessageLength, &wp.MessageForVisitors, &errs, at("welcomePopupConfig", "messageForVisitors")) && ok
			if w.Translations != nil {
				tr, trOK := welcomeTranslations(w.Translations, &errs, at("welcomePopupConfig", "translations"))
				ok = trOK && ok
				wp.Translations = tr
			}
			if ok {
				m.SetWelcomePopup(&wp)
			}
		}
	}
	if d := in.DownloadInformation; d != nil {
		di := model.DownloadInformation{Qualities: []string{"web", "hd"}}
		if cur != nil {
			di = cur.DownloadInformation
		}
		if d.FreeDownload != nil {
			di.FreeDownload = *d.FreeDownload
		}
		if d.ClientsOnly != nil {
			di.ClientsOnly = *d.ClientsOnly
		}
		ok := true
		if d.Qualities != nil {
			var q []string
			if q, ok = subset(d.Qualities, Qualities, &errs, at("downloadInformation", "qualities")); ok {
				di.Qualities = q
			}
		}
		ok = text(d.Message, maxMessageLength, &di.Message, &errs, at("downloadInformation", "message")) && ok
		if ok {
			m.SetDownloadInformation(di)
		}
	}
	if in.OgDescription != nil {
		var og string
		if text(in.OgDescription, 500, &og, &errs, at("ogDescription")) {
			m.SetOgDescription(og)
		}
	}
	if in.Language != nil {
		if l := lang.Tag(strings.TrimSpace(*in.Language)); !lang.Valid(l) {
			errs.Add(userErr(CodeInvalidLanguage, "invalid_language", at("language")...))
		} else {
			m.SetLanguage(string(l))
		}
	}
	return errs.Err()
}

// applyMusic checks the music settings against the photographer's tracks.
func (s *Service) applyMusic(ctx context.Context, tx *ent.Client, cur *ent.Gallery, pid string, in MusicInput, m *ent.GalleryMutation, errs *apperr.List, path []string) error {
	track := ""
	if cur != nil && cur.MusicTrackID != nil {
		track = *cur.MusicTrackID
	}
	if in.TrackID != nil {
		track = *in.TrackID
		if track == "" {
			m.ClearMusicTrackID()
		} else {
			ok, err := tx.MusicTrack.Query().
				Where(musictrack.ID(track), musictrack.HasPhotographerWith(photographer.ID(pid))).Exist(ctx)
			if err != nil {
				return fmt.Errorf("photographer: music track: %w", err)
			}
			if !ok {
				errs.Add(userErr(CodeTrackNotFound, "track_not_found", append(path, "trackId")...))
				return nil
			}
			m.SetMusicTrackID(track)
		}
	}
	active := cur != nil && cur.MusicActive
	if in.Active != nil {
		active = *in.Active
		m.SetMusicActive(active)
	}
	if active && track == "" {
		errs.Add(userErr(CodeTrackRequired, "track_required", append(path, "trackId")...))
	}
	return nil
}

// applyTheme merges in into base, checking each value.
func applyTheme(base model.Theme, in GalleryThemeInput, errs *apperr.List, path []string) (model.Theme, bool) {
	at := func(f ...string) []string { return append(slices.Clone(path), f...) }
	ok := oneOf(in.Theme, Themes, &base.Theme, errs, at("theme"))
	ok = oneOf(in.Variant, ThemeVariants, &base.Variant, errs, at("variant")) && ok
	ok = oneOf(in.PhotosLayout, PhotosLayouts, &base.PhotosLayout, errs, at("photosLayout")) && ok
	ok = oneOf(in.ViewerVariant, ViewerVariants, &base.ViewerVariant, errs, at("viewerVariant")) && ok
	ok = intIn(in.PhotosGap, 0, MaxGap, &base.PhotosGap.Value, errs, at("photosGap")) && ok
	ok = intIn(in.ViewerMaxSize, MinViewerSize, MaxViewerSize, &base.ViewerMaxSize, errs, at("viewerMaxSize")) && ok
	if in.ViewerLimitSize != nil {
		base.ViewerLimitSize = *in.ViewerLimitSize
	}
	if c := in.Colors; c != nil {
		col := &base.ColorTheme.Colors
		for _, x := range []struct {
			name string
			in   *string
			out  *string
		}{{"primary", c.Primary, &col.Primary}, {"secondary", c.Secondary, &col.Secondary}, {"light", c.Light, &col.Light}, {"accent", c.Accent, &col.Accent}} {
			if x.in == nil {
				continue
			}
			if v := strings.TrimSpace(*x.in); colorRE.MatchString(v) {
				*x.out = strings.ToLower(v)
			} else {
				errs.Add(userErr(CodeInvalidColor, "invalid_color", at("colors", x.name)...))
				ok = false
			}
		}
	}
	return base, ok
}

// cleanCollections trims the names and refuses empty, long or repeated ones.
func cleanCollections(in []string, errs *apperr.List, path []string) ([]string, bool) {
	if len(in) > MaxCollections {
		errs.Add(userErr(CodeTooMany, "too_many_collections", path...).WithArgs(apperr.Args{"Max": MaxCollections}))
		return nil, false
	}
	out := make([]string, 0, len(in))
	ok := true
	for i, n := range in {
		n = strings.TrimSpace(n)
		switch {
		case n == "":
			errs.Add(userErr(CodeRequired, "required", append(slices.Clone(path), idx(i))...))
			ok = false
		case utf8.RuneCountInString(n) > 120:
			errs.Add(userErr(CodeTooLong, "name_too_long", append(slices.Clone(path), idx(i))...))
			ok = false
		case slices.Contains(out, n):
			errs.Add(userErr(CodeDuplicate, "duplicate_collection", append(slices.Clone(path), idx(i))...))
			ok = false
		default:
			out = append(out, n)
		}
	}
	return out, ok
}

func setBool(v *bool, set func(bool)) {
	if v != nil {
		set(*v)
	}
}

// oneOf copies *in to *out when it is one of the allowed values.
func oneOf(in *string, allowed []string, out *string, errs *apperr.List, path []string) bool {
	if in == nil {
		return true
	}
	if !slices.Contains(allowed, *in) {
		errs.Add(userErr(CodeInvalidValue, "value_not_allowed", path...).WithArgs(apperr.Args{"Allowed": strings.Join(allowed, ", ")}))
		return false
	}
	*out = *in
	return true
}

// intIn copies *in to *out when it lies in [lo, hi].
func intIn(in *int, lo, hi int, out *int, errs *apperr.List, path []string) bool {
	if in == nil {
		return true
	}
	if *in < lo || *in > hi {
		errs.Add(userErr(CodeOutOfRange, "value_range", path...).WithArgs(apperr.Args{"Min": lo, "Max": hi}))
		return false
	}
	*out = *in
	return true
}

// text copies a trimmed *in to *out when it is at most max characters.
func text(in *string, max int, out *string, errs *apperr.List, path []string) bool {
	if in == nil {
		return true
	}
	v := strings.TrimSpace(*in)
	if utf8.RuneCountInString(v) > max {
		errs.Add(userErr(CodeTooLong, "text_too_long", path...))
		return false
	}
	if strings.ContainsRune(v, 0) {
		errs.Add(userErr(CodeInvalidValue, "nul_character", path...))
		return false
	}
	*out = v
	return true
}

// welcomeTranslations checks the welcome texts in other languages: a
// supported language each (invalid_language), texts of maxMessageLength at
// most; an entry with both texts empty is dropped, a repeated language
// keeps its last entry.
func welcomeTranslations(in []*WelcomeTranslationInput, errs *apperr.List, path []string) (map[string]model.WelcomeTranslation, bool) {
	out := map[string]model.WelcomeTranslation{}
	ok := true
	for i, t := range in {
		p := append(slices.Clone(path), idx(i))
		if t == nil {
			continue
		}
		l, valid := lang.Parse(t.Language)
		if !valid || string(l) != strings.ToLower(strings.TrimSpace(t.Language)) {
			errs.Add(userErr(CodeInvalidLanguage, "invalid_language", append(p, "language")...))
			ok = false
			continue
		}
		var tr model.WelcomeTranslation
		good := text(t.MessageForClients, maxMessageLength, &tr.MessageForClients, errs, append(slices.Clone(p), "messageForClients"))
		good = text(t.MessageForVisitors, maxMessageLength, &tr.MessageForVisitors, errs, append(slices.Clone(p), "messageForVisitors")) && good
		if !good {
			ok = false
			continue
		}
		if tr.MessageForClients == "" && tr.MessageForVisitors == "" {
			delete(out, string(l))
			continue
		}
		tr.Language = string(l)
		out[string(l)] = tr
	}
	if len(out) == 0 {
		out = nil
	}
	return out, ok
}

// subset checks that every value is allowed and drops repeats.
func subset(in, allowed []string, errs *apperr.List, path []string) ([]string, bool) {
	out := make([]string, 0, len(in))
	for i, v := range in {
		if !slices.Contains(allowed, v) {
			errs.Add(userErr(CodeInvalidValue, "value_not_allowed", append(slices.Clone(path), idx(i))...).WithArgs(apperr.Args{"Allowed": strings.Join(allowed, ", ")}))
			return nil, false
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out, true
}

// validEmail accepts a bare address.
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && len(s) <= 254
}

// DeleteGallery deletes a gallery and everything in it. A gallery with
// orders cannot be deleted (orders are kept for accounting): unpublish it
// instead. Stored files are left to a later clean-up job.
func (s *Service) DeleteGallery(ctx context.Context, in DeleteGalleryInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		hasOrders, err := tx.Order.Query().Where(order.HasGalleryWith(gallery.ID(g.ID))).Exist(ctx)
		if err != nil {
			return fmt.Errorf("photographer: orders: %w", err)
		}
		if hasOrders {
			return userErr(CodeGalleryHasOrders, "gallery_has_orders", "galleryId")
		}
		return deleteGalleryRows(ctx, tx, g.ID)
	})
}

// deleteGalleryRows deletes a gallery's rows, children first.
func deleteGalleryRows(ctx context.Context, tx *ent.Client, id string) error {
	in := gallery.ID(id)
	if err := tx.Gallery.UpdateOneID(id).ClearCoverPhotoID().ClearMusicTrackID().Exec(ctx); err != nil {
		return fmt.Errorf("photographer: delete gallery: %w", err)
	}
	steps := []struct {
		what string
		del  func() (int, error)
	}{
		{"cart items", func() (int, error) {
			return tx.CartItem.Delete().Where(cartitem.HasCartWith(cart.HasGalleryWith(in))).Exec(ctx)
		}},
		{"carts", func() (int, error) { return tx.Cart.Delete().Where(cart.HasGalleryWith(in)).Exec(ctx) }},
		{"vouchers", func() (int, error) { return tx.Voucher.Delete().Where(voucher.HasGalleryWith(in)).Exec(ctx) }},
		{"selections", func() (int, error) {
			return tx.Selection.Delete().Where(selection.HasGalleryWith(in)).Exec(ctx)
		}},
		{"photos", func() (int, error) { return tx.Photo.Delete().Where(photo.GalleryID(id)).Exec(ctx) }},
		{"albums", func() (int, error) { return tx.Album.Delete().Where(album.HasGalleryWith(in)).Exec(ctx) }},
		{"videos", func() (int, error) { return tx.Video.Delete().Where(video.GalleryID(id)).Exec(ctx) }},
		{"pack formats", func() (int, error) {
			return tx.PackFormat.Delete().Where(packformat.HasPackWith(pack.HasGalleryWith(in))).Exec(ctx)
		}},
		{"pack digital files", func() (int, error) {
			return tx.PackDigitalFile.Delete().Where(packdigitalfile.HasPackWith(pack.HasGalleryWith(in))).Exec(ctx)
		}},
		{"packs", func() (int, error) { return tx.Pack.Delete().Where(pack.HasGalleryWith(in)).Exec(ctx) }},
		{"formats", func() (int, error) { return tx.Format.Delete().Where(format.HasGalleryWith(in)).Exec(ctx) }},
		{"families", func() (int, error) { return tx.Family.Delete().Where(family.HasGalleryWith(in)).Exec(ctx) }},
		{"categories", func() (int, error) {
			return tx.Category.Delete().Where(category.HasGalleryWith(in)).Exec(ctx)
		}},
		{"discounts", func() (int, error) {
			return tx.Discount.Delete().Where(discount.HasGalleryWith(in)).Exec(ctx)
		}},
		{"visits", func() (int, error) { return tx.GalleryVisit.Delete().Where(galleryvisit.GalleryID(id)).Exec(ctx) }},
		{"access codes", func() (int, error) {
			return tx.AccessCode.Delete().Where(accesscode.HasGalleryWith(in)).Exec(ctx)
		}},
		{"download requests", func() (int, error) {
			return tx.DownloadRequest.Delete().Where(downloadrequest.HasGalleryWith(in)).Exec(ctx)
		}},
		{"contact messages", func() (int, error) {
			return tx.ContactMessage.Delete().Where(contactmessage.HasGalleryWith(in)).Exec(ctx)
		}},
		{"shares", func() (int, error) { return tx.Share.Delete().Where(share.HasGalleryWith(in)).Exec(ctx) }},
		{"gallery", func() (int, error) { return tx.Gallery.Delete().Where(in).Exec(ctx) }},
	}
	for _, st := range steps {
		if _, err := st.del(); err != nil {
			return fmt.Errorf("photographer: delete gallery %s: %s: %w", id, st.what, err)
		}
	}
	return nil
}
