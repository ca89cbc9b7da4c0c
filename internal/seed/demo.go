// Package seed fills the database with the French demo and benchmark data.
package seed

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/category"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/ent/voucher"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/media"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/viewer"
)

// Demo access codes of the julie-et-thomas gallery.
const (
	DemoClientCode  = "CLIENT-7K4Q"
	DemoVisitorCode = "INVITE-3M8P"
	DemoClientEmail = "julie.thomas@example.com"
	// DemoDiscountCode takes 10 % off from 20 euros of purchases.
	DemoDiscountCode = "BIENVENUE10"
	// DemoGiftCard is worth 50 euros.
	DemoGiftCard = "CADEAU-50"
)

// Result says what the demo holds, for the command to print.
type Result struct {
	PhotographerEmail string
	Galleries         []string
	ClientCode        string
	VisitorCode       string
	DiscountCode      string
	GiftCard          string
}

// Demo creates the demo photographer and galleries if they are missing.
// Running it again changes nothing.
func Demo(ctx context.Context, db *ent.Client, store *media.Store, photosPerGallery int) (Result, error) {
	ctx = viewer.SystemContext(ctx)
	res := Result{PhotographerEmail: "studio@example.com", ClientCode: DemoClientCode, VisitorCode: DemoVisitorCode,
		DiscountCode: DemoDiscountCode, GiftCard: DemoGiftCard}
	pg, err := db.Photographer.Query().Where(photographer.Email(res.PhotographerEmail)).Only(ctx)
	if ent.IsNotFound(err) {
		pg, err = db.Photographer.Create().
			SetName("Studio Lumière").SetEmail(res.PhotographerEmail).
			SetPhone("+32 2 123 45 67").SetWebsite("https://studio-lumiere.example.com").
			SetStreet("Rue de la Lumière 12").SetPostalCode("1000").SetCity("Bruxelles").SetCountry("BE").
			SetShippingRates(DemoShippingRates()).
			Save(ctx)
	}
	if err != nil {
		return res, fmt.Errorf("seed: photographer: %w", err)
	}
	track, err := demoTrack(ctx, db, store, pg)
	if err != nil {
		return res, err
	}
	specs := []gallerySpec{
		{
			url: "julie-et-thomas", name: "Mariage de Julie & Thomas", date: "2026-06-20",
			public: false, needEmail: true, hasClients: true, album: true, albumMax: 40,
			collections: []string{"Préparatifs", "Cérémonie", "Réception"},
			welcome: &model.WelcomePopup{Mode: model.WelcomeMsgAndFirstSteps,
				MessageForClients:  "Bienvenue Julie et Thomas ! Voici les photos de votre mariage. Composez votre album et partagez la galerie avec vos proches.",
				MessageForVisitors: "Bienvenue dans la galerie du mariage de Julie et Thomas. Ajoutez vos photos préférées en favoris et commandez vos tirages."},
			theme: model.Theme{Theme: "classic", Variant: "light", PhotosGap: model.Gap{Value: 6}, PhotosLayout: "masonry",
				ViewerLimitSize: true, ViewerMaxSize: 2048, ViewerVariant: "dark",
				ColorTheme: model.ColorTheme{Colors: model.Colors{Primary: "#5b3a29", Secondary: "#a7856a", Light: "#faf6f1", Accent: "#c08457"}}},
			seed: 1000,
			// The couple downloads every photo in HD; guests buy theirs.
			downloads: model.DownloadInformation{FreeDownload: true, ClientsOnly: true, Qualities: []string{"web", "hd"},
				Message: "Les mariés peuvent télécharger toutes les photos ; les fichiers numériques commandés sont envoyés par e-mail dans les 24 heures."},
		},
		{
			url: "gala-2026", name: "Gala de l'École Saint-Luc 2026", date: "2026-03-14",
			public: true, collections: []string{"Accueil", "Spectacle", "Soirée"},
			welcome: &model.WelcomePopup{Mode: model.WelcomeMsgOnly,
				MessageForVisitors: "Bienvenue ! Retrouvez les photos du gala et commandez vos souvenirs."},
			// Justified rows: portraits of the stage keep their heads (no square crop).
			theme: model.Theme{Theme: "modern", Variant: "dark", PhotosGap: model.Gap{Value: 4}, PhotosLayout: "justified",
				ViewerLimitSize: true, ViewerMaxSize: 2048, ViewerVariant: "dark",
				ColorTheme: model.ColorTheme{Colors: model.Colors{Primary: "#1d3557", Secondary: "#457b9d", Light: "#f1faee", Accent: "#e63946"}}},
			seed: 2000,
			// The school offers the photos to the families.
			downloads: model.DownloadInformation{FreeDownload: true, Qualities: []string{"web", "hd"},
				Message: "Offert par l'école : téléchargez les photos du gala, en format web ou en haute définition."},
		},
	}
	for _, s := range specs {
		g, err := ensureGallery(ctx, db, store, pg, track, s, photosPerGallery)
		if err != nil {
			return res, err
		}
		res.Galleries = append(res.Galleries, g.URL)
	}
	if err := ensureVouchers(ctx, db, pg); err != nil {
		return res, err
	}
	return res, nil
}

type gallerySpec struct {
	url, name, date               string
	public, needEmail, hasClients bool
	album                         bool
	albumMax                      int
	collections                   []string
	welcome                       *model.WelcomePopup
	theme                         model.Theme
	seed                          uint64
	downloads                     model.DownloadInformation
}

func ensureGallery(ctx context.Context, db *ent.Client, store *media.Store, pg *ent.Photographer, track *ent.MusicTrack, s gallerySpec, n int) (*ent.Gallery, error) {
	g, err := db.Gallery.Query().Where(gallery.URL(s.url)).Only(ctx)
	if err == nil {
		return g, nil
	}
	if !ent.IsNotFound(err) {
		return nil, fmt.Errorf("seed: gallery %s: %w", s.url, err)
	}
	tx, err := db.Tx(ctx)
	if err != nil {
		return nil, err
	}
	g, err = buildGallery(ctx, tx.Client(), store, pg, track, s, n)
	if err != nil {
		_ = tx.Rollback()
		return nil, fmt.Errorf("seed: gallery %s: %w", s.url, err)
	}
	return g, tx.Commit()
}

func buildGallery(ctx context.Context, db *ent.Client, store *media.Store, pg *ent.Photographer, track *ent.MusicTrack, s gallerySpec, n int) (*ent.Gallery, error) {
	g, err := db.Gallery.Create().
		SetURL(s.url).SetEventName(s.name).SetEventDate(s.date).
		SetPhotographer(pg).
		SetIsPublic(s.public).SetNeedEmail(s.needEmail).SetHasClients(s.hasClients).
		SetAlbumActivated(s.album).SetAlbumMaxPhotos(s.albumMax).
		SetCollectionNames(s.collections).
		SetTheme(s.theme).
		SetWelcomePopup(s.welcome).
		SetMusicActive(true).SetMusicTrack(track).
		SetShowFilename(!s.public).
		SetDeliveryOptions([]string{"shipping", "pickup"}).
		SetDownloadInformation(s.downloads).
		SetOgDescription("Les photos de " + s.name + " par Studio Lumière.").
		Save(ctx)
	if err != nil {
		return nil, err
	}
	if err := buildCatalogue(ctx, db, g); err != nil {
		return nil, err
	}
	photos, err := demoPhotos(ctx, db, store, g, s, n)
	if err != nil {
		return nil, err
	}
	if len(photos) > 0 {
		if err := g.Update().SetCoverPhotoID(photos[0].ID).Exec(ctx); err != nil {
			return nil, err
		}
	}
	videos := []struct {
		url, title string
		host       video.Host
		id         string
	}{
		{"https://www.youtube.com/watch?v=aqz-KE-bpKQ", "Le film de la journée", video.HostYoutube, "aqz-KE-bpKQ"},
		{"https://vimeo.com/76979871", "Les coulisses", video.HostVimeo, "76979871"},
		{"https://www.dailymotion.com/video/x8abcd1", "Le teaser", video.HostDailymotion, "x8abcd1"},
	}
	for i, v := range videos {
		if err := db.Video.Create().SetGallery(g).SetEmbeddedURL(v.url).SetHost(v.host).SetHostVideoID(v.id).
			SetTitle(v.title).SetPosition(i).SetFavorite(i == 0).SetCollection(s.collections[0]).Exec(ctx); err != nil {
			return nil, err
		}
	}
	for _, c := range []struct {
		code, label, email string
		kind               accesscode.Kind
	}{
		{DemoClientCode, "Julie et Thomas", DemoClientEmail, accesscode.KindClient},
		{DemoVisitorCode, "Invités", "", accesscode.KindVisitor},
	} {
		if s.public {
			break
		}
		if err := db.AccessCode.Create().SetGallery(g).SetCode(c.code).SetKind(c.kind).SetLabel(c.label).SetEmail(c.email).Exec(ctx); err != nil {
			return nil, err
		}
	}
	for _, d := range []struct{ threshold, percent int }{{5000, 10}, {10000, 15}} {
		if err := db.Discount.Create().SetGallery(g).SetThreshold(d.threshold).SetPercent(d.percent).Exec(ctx); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func buildCatalogue(ctx context.Context, db *ent.Client, g *ent.Gallery) error {
	cat := func(name string, sec category.Section, pos int) (*ent.Category, error) {
		return db.Category.Create().SetGallery(g).SetName(name).SetSection(sec).SetPosition(pos).Save(ctx)
	}
	prints, err := cat("Tirages photo", category.SectionPrints, 0)
	if err != nil {
		return err
	}
	special, err := cat("Papiers spéciaux", category.SectionSpecialPapers, 1)
	if err != nil {
		return err
	}
	wall, err := cat("Décoration murale", category.SectionWallDecor, 2)
	if err != nil {
		return err
	}
	digital, err := cat("Fichiers numériques", category.SectionDigital, 3)
	if err != nil {
		return err
	}
	other, err := cat("Autres produits", category.SectionOther, 4)
	if err != nil {
		return err
	}
	type fmtSpec struct {
		name        string
		short, long float64
		price       int
		onlyInPack  bool
		quality     *format.DigitalQuality
		watermark   bool
		excluded    []string
		// galleryPrice sells every photo at once (digital formats).
		galleryPrice *int
	}
	type famSpec struct {
		name                      string
		cat                       *ent.Category
		matGloss, borders, margin bool
		images                    int
		lab                       string
		formats                   []fmtSpec
	}
	web, hd := format.DigitalQualityWeb, format.DigitalQualityHd
	fams := []famSpec{
		{"Papier photo", prints, true, true, true, 2, "Labo Photo Bruxelles", []fmtSpec{
			{"", 9, 13, 150, true, nil, false, nil, nil},
			{"", 10, 15, 250, false, nil, false, nil, nil},
			{"", 13, 18, 390, false, nil, false, nil, nil},
			{"", 15, 20, 550, false, nil, false, nil, nil},
			{"", 20, 30, 1200, false, nil, false, nil, nil},
			{"", 30, 45, 2400, false, nil, false, nil, nil},
		}},
		{"Papier Fine Art", special, false, true, true, 3, "Atelier Fine Art", []fmtSpec{
			{"", 20, 30, 1900, false, nil, false, nil, nil},
			{"", 30, 45, 3500, false, nil, false, nil, nil},
		}},
		{"Toile sur châssis", wall, false, false, false, 3, "Atelier Déco", []fmtSpec{
			{"Toile 30 x 45", 30, 45, 6900, false, nil, false, []string{"CH", "GB"}, nil},
			{"Toile 40 x 60", 40, 60, 9500, false, nil, false, []string{"CH", "GB"}, nil},
		}},
		{"Aluminium", wall, false, false, false, 2, "Atelier Déco", []fmtSpec{
			{"Aluminium 40 x 60", 40, 60, 11900, false, nil, false, []string{"CH", "GB", "US"}, nil},
		}},
		{"Fichiers numériques", digital, false, false, true, 1, "", []fmtSpec{
			{"Fichier web", 0, 0, 400, false, &web, true, nil, ptr(4900)},
			{"Fichier HD", 0, 0, 900, false, &hd, false, nil, ptr(14900)},
		}},
		{"Magnets", other, false, false, true, 1, "Labo Photo Bruxelles", []fmtSpec{
			{"Magnet 7 x 7", 7, 7, 600, false, nil, false, nil, nil},
		}},
	}
	byName := map[string]*ent.Format{}
	for i, fs := range fams {
		fam, err := db.Family.Create().SetGallery(g).SetCategory(fs.cat).SetName(fs.name).
			SetMatGlossOption(fs.matGloss).SetWhiteBordersOption(fs.borders).SetWhiteMarginAllowed(fs.margin).
			SetNumberOfImages(fs.images).SetPosition(i).Save(ctx)
		if err != nil {
			return err
		}
		for j, f := range fs.formats {
			kind := format.KindPrint
			if f.quality != nil {
				kind = format.KindDigital
			}
			if f.excluded == nil {
				f.excluded = []string{}
			}
			created, err := db.Format.Create().SetGallery(g).SetFamily(fam).SetName(f.name).
				SetShortSize(f.short).SetLongSize(f.long).SetUnitPrice(f.price).SetOnlyInPack(f.onlyInPack).
				SetLab(fs.lab).SetKind(kind).SetNillableDigitalQuality(f.quality).SetWatermark(f.watermark).
				SetExcludedCountries(f.excluded).SetNillableGalleryPrice(f.galleryPrice).SetPosition(i*10 + j).Save(ctx)
			if err != nil {
				return err
			}
			key := f.name
			if key == "" {
				key = fmt.Sprintf("%s %gx%g", fs.name, f.short, f.long)
			}
			byName[key] = created
		}
	}
	souvenir, err := db.Pack.Create().SetGallery(g).SetName("souvenir").SetDisplayName("Pack Souvenir").
		SetDescription("10 tirages 10 x 15 et 5 fichiers HD de vos photos préférées.").
		SetUnitPrice(3900).SetPosition(0).Save(ctx)
	if err != nil {
		return err
	}
	if err := db.PackFormat.Create().SetPack(souvenir).SetFormat(byName["Papier photo 10x15"]).SetQuantity(10).SetPhotos(10).Exec(ctx); err != nil {
		return err
	}
	if err := db.PackDigitalFile.Create().SetPack(souvenir).SetFormat(byName["Fichier HD"]).SetQuantity(5).
		SetHdDescription("5 fichiers haute définition, sans filigrane").Exec(ctx); err != nil {
		return err
	}
	famille, err := db.Pack.Create().SetGallery(g).SetName("famille").SetDisplayName("Pack Famille").
		SetDescription("3 tirages 20 x 30, 12 mini-tirages 9 x 13, une toile 30 x 45 et 10 fichiers web.").
		SetUnitPrice(12900).SetShippingIncludedTo([]string{"BE", "FR", "LU"}).SetOfferType("Livraison offerte").
		SetPosition(1).Save(ctx)
	if err != nil {
		return err
	}
	for _, pf := range []struct {
		key      string
		qty, pho int
	}{{"Papier photo 20x30", 3, 3}, {"Papier photo 9x13", 12, 12}, {"Toile 30 x 45", 1, 1}} {
		if err := db.PackFormat.Create().SetPack(famille).SetFormat(byName[pf.key]).SetQuantity(pf.qty).SetPhotos(pf.pho).Exec(ctx); err != nil {
			return err
		}
	}
	return db.PackDigitalFile.Create().SetPack(famille).SetFormat(byName["Fichier web"]).SetQuantity(10).
		SetWebDescription("10 fichiers web pour partager vos photos").Exec(ctx)
}

// ingested is a generated photo once stored with its derivatives.
type ingested struct {
	id   string
	info media.Info
}

// ingestGenerated generates n JPEGs (image i of width w, height h, from
// seed, with a label drawn on it) and ingests them in parallel, limit at a
// time; the result is in the order of i.
func ingestGenerated(ctx context.Context, store *media.Store, n, limit int,
	image func(i int) (seed uint64, w, h int, label string)) ([]ingested, error) {
	out := make([]ingested, n)
	eg, ectx := errgroup.WithContext(ctx)
	eg.SetLimit(limit)
	for i := range n {
		eg.Go(func() error {
			seed, w, h, label := image(i)
			data, err := media.DemoJPEG(seed, w, h, label)
			if err != nil {
				return err
			}
			id := ids.New("pho")
			info, err := store.Ingest(ectx, id, data)
			if err != nil {
				return err
			}
			out[i] = ingested{id, info}
			return nil
		})
	}
	return out, eg.Wait()
}

// shape gives photo i of a gallery a landscape, portrait or square shape
// (three in five landscape), scaled from a landscape w x h.
func shape(i, w, h int) (int, int) {
	switch i % 5 {
	case 1, 3:
		return h, w
	case 4:
		return (w + h) / 2, (w + h) / 2
	}
	return w, h
}

func demoPhotos(ctx context.Context, db *ent.Client, store *media.Store, g *ent.Gallery, s gallerySpec, n int) ([]*ent.Photo, error) {
	out, err := ingestGenerated(ctx, store, n, runtime.GOMAXPROCS(0), func(i int) (uint64, int, int, string) {
		w, h := shape(i, 1200, 800)
		return s.seed + uint64(i), w, h, fmt.Sprintf("%s · %02d", s.name, i+1)
	})
	if err != nil {
		return nil, fmt.Errorf("seed: photos: %w", err)
	}
	builders := make([]*ent.PhotoCreate, n)
	for i, m := range out {
		builders[i] = db.Photo.Create().SetID(m.id).SetGallery(g).
			SetFilename(fmt.Sprintf("IMG_%04d.jpg", i+1)).
			SetWidth(m.info.Width).SetHeight(m.info.Height).
			SetCollection(s.collections[i*len(s.collections)/n]).
			SetPosition(i).SetContentHash(m.info.Hash).
			SetOriginalKey(media.OriginalKey(m.id, m.info.Hash)).SetContentType(m.info.ContentType).
			SetSizeBytes(m.info.Size).SetDominantColor(m.info.DominantColor).
			SetDerivatives(m.info.Widths).SetStatus(photo.StatusReady).
			SetFavorite(i%7 == 0).SetIsPrivate(i == n-1).
			SetTakenAt(time.Date(2026, 6, 20, 14, 0, 0, 0, time.UTC).Add(time.Duration(i) * 3 * time.Minute))
	}
	return db.Photo.CreateBulk(builders...).Save(ctx)
}

func demoTrack(ctx context.Context, db *ent.Client, store *media.Store, pg *ent.Photographer) (*ent.MusicTrack, error) {
	t, err := pg.QueryMusicTracks().First(ctx)
	if err == nil {
		return t, nil
	}
	if !ent.IsNotFound(err) {
		return nil, err
	}
	key := "music/demo-arpeges.wav"
	if err := store.Bucket.WriteAll(ctx, key, arpeggioWAV(12), nil); err != nil {
		return nil, fmt.Errorf("seed: music: %w", err)
	}
	return db.MusicTrack.Create().SetPhotographer(pg).SetTitle("Arpèges du matin").SetArtist("Studio Lumière").
		SetBlobKey(key).SetContentType("audio/wav").SetDurationSeconds(12).Save(ctx)
}

// arpeggioWAV synthesises a soft arpeggio, so the demo ships no audio file.
func arpeggioWAV(seconds int) []byte {
	const rate = 22050
	n := rate * seconds
	notes := []float64{261.63, 329.63, 392.00, 523.25, 392.00, 329.63}
	pcm := make([]byte, 44+2*n)
	copy(pcm, "RIFF")
	binary.LittleEndian.PutUint32(pcm[4:], uint32(36+2*n))
	copy(pcm[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(pcm[16:], 16)
	binary.LittleEndian.PutUint16(pcm[20:], 1)
	binary.LittleEndian.PutUint16(pcm[22:], 1)
	binary.LittleEndian.PutUint32(pcm[24:], rate)
	binary.LittleEndian.PutUint32(pcm[28:], rate*2)
	binary.LittleEndian.PutUint16(pcm[32:], 2)
	binary.LittleEndian.PutUint16(pcm[34:], 16)
	copy(pcm[36:], "data")
	binary.LittleEndian.PutUint32(pcm[40:], uint32(2*n))
	step := rate / 4
	for i := 0; i < n; i++ {
		f := notes[(i/step)%len(notes)]
		env := math.Exp(-3 * float64(i%step) / float64(step))
		v := 0.25 * env * math.Sin(2*math.Pi*f*float64(i)/rate)
		binary.LittleEndian.PutUint16(pcm[44+2*i:], uint16(int16(v*32767)))
	}
	return pcm
}

// DemoShippingRates price home delivery: the prints lab and the wall-decor
// workshop by zone, and any other lab at one rate.
func DemoShippingRates() []model.ShippingRate {
	benelux := []string{"BE", "NL", "LU"}
	europe := []string{"FR", "DE", "ES", "IT", "PT", "AT", "IE", "DK", "SE", "FI", "PL", "CZ", "GR", "CH", "GB"}
	return []model.ShippingRate{
		{Zone: "Benelux", Countries: benelux, Lab: "Labo Photo Bruxelles", Price: 490},
		{Zone: "Europe", Countries: europe, Lab: "Labo Photo Bruxelles", Price: 890},
		{Zone: "Monde", Countries: []string{}, Lab: "Labo Photo Bruxelles", Price: 1490},
		{Zone: "Benelux", Countries: benelux, Lab: "Atelier Déco", Price: 990},
		{Zone: "Europe", Countries: europe, Lab: "Atelier Déco", Price: 1990},
		{Zone: "Benelux", Countries: benelux, Lab: "", Price: 590},
		{Zone: "Europe", Countries: europe, Lab: "", Price: 990},
	}
}

func ensureVouchers(ctx context.Context, db *ent.Client, pg *ent.Photographer) error {
	exists, err := db.Voucher.Query().Where(voucher.Code(DemoDiscountCode)).Exist(ctx)
	if err != nil || exists {
		return err
	}
	if err := db.Voucher.Create().SetPhotographer(pg).SetCode(DemoDiscountCode).SetKind(voucher.KindDiscountCode).
		SetPercentOff(10).SetMinSpend(2000).SetUsageLimit(100).SetPerEmailLimit(1).Exec(ctx); err != nil {
		return fmt.Errorf("seed: discount code: %w", err)
	}
	if err := db.Voucher.Create().SetPhotographer(pg).SetCode(DemoGiftCard).SetKind(voucher.KindGiftCard).
		SetGiftAmount(5000).SetBalance(5000).Exec(ctx); err != nil {
		return fmt.Errorf("seed: gift card: %w", err)
	}
	return nil
}

func ptr[T any](v T) *T { return &v }
