package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/album"
	"github.com/studio/gallery/ent/cart"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/downloadrequest"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/ent/share"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// previewer opens a preview link of galleryID in b (the REST door sets the
// preview cookie that keeps it open for the page's later requests).
func (e *env) previewer(b *env, galleryID string) {
	e.t.Helper()
	hash, err := e.app.Access.PreviewHash(galleryID, time.Hour)
	if err != nil {
		e.t.Fatal(err)
	}
	if res, body := b.do("GET", "/api/photos?previewHash="+hash, nil, map[string]string{"X-Gallery-Id": galleryID}); res.StatusCode != 200 {
		e.t.Fatalf("open the preview: %d %s", res.StatusCode, body)
	}
	if b.cookie("preview_"+galleryID) == nil {
		e.t.Fatal("no preview cookie")
	}
}

// TestPreviewLinkIsReadOnly: a preview link shows a gallery as its clients
// see it, but whoever holds it only (here with a confirmed e-mail, so that
// no e-mail check answers first) gets no file, no purchase and no change,
// in either door: every such call is refused with preview_read_only, and
// nothing changed behind the refusals. Reads stay open. A preview never
// takes away what the viewer's own credentials give: a client code
// cookie, or the visitor rights of a public gallery.
func TestPreviewLinkIsReadOnly(t *testing.T) {
	d := newDownloadEnv(t, 0, false)
	e := d.env
	ctx := viewer.SystemContext(context.Background())
	db := e.db.Client
	wedding := db.Gallery.Query().Where(gallery.URL("julie-et-thomas")).OnlyX(ctx)
	gala := db.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	photos := db.Photo.Query().Where(photo.GalleryID(wedding.ID), photo.IsPrivate(false)).Order(ent.Asc(photo.FieldPosition)).AllX(ctx)
	p, p2 := photos[0], photos[1]
	print10x15 := db.Format.Query().Where(format.HasGalleryWith(gallery.ID(wedding.ID)), format.ShortSize(10), format.LongSize(15)).OnlyX(ctx)
	hdFile := db.Format.Query().Where(format.HasGalleryWith(gallery.ID(wedding.ID)), format.DigitalQualityEQ(format.DigitalQualityHd)).OnlyX(ctx)
	souvenir := db.Pack.Query().Where(pack.HasGalleryWith(gallery.ID(wedding.ID)), pack.Name("souvenir")).OnlyX(ctx)
	// The client put a photo in the album before; the refusals must not touch it.
	client := e.person(seed.DemoClientEmail, wedding.ID, seed.DemoClientCode)
	if status := client.call("POST", "/api/galleries/albumSelections/"+p2.ID+"/add", wedding.ID, nil, nil); status != 200 {
		t.Fatalf("setup: album %d", status)
	}

	const email = "apercu@example.com"
	pv := e.person(email, "", "")
	e.previewer(pv, wedding.ID)
	hdr := map[string]string{"X-Gallery-Id": wedding.ID}
	media := func(ph *ent.Photo, file string) string {
		return "/media/photos/" + ph.ID + "/" + ph.ContentHash + "/" + file
	}
	address := map[string]any{"billing": orderAddress("BE"), "deliveryOption": "shipping"}
	gqlAddress := orderAddress("BE")

	// Reads: the gallery as its clients see it, images, shop, cart, album.
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/photos"},
		{"GET", "/api/videos"},
		{"GET", "/api/cart"},
		{"GET", "/api/cart/photoProducts/" + p.ID},
		{"GET", "/api/galleries/photographerSelection"},
		{"GET", "/api/galleries/albumSelections"},
		{"GET", media(p, "320.jpg")},
	} {
		if res, body := pv.do(c.method, c.path, nil, hdr); res.StatusCode != 200 {
			t.Errorf("read %s %s in preview: %d %s", c.method, c.path, res.StatusCode, body)
		}
	}
	var auth authAnswer
	var authRaw struct {
		Auth struct {
			ReadOnly bool `json:"readOnly"`
		} `json:"auth"`
	}
	res, raw := pv.do("GET", "/api/auth", nil, hdr)
	_ = json.Unmarshal(raw, &auth)
	_ = json.Unmarshal(raw, &authRaw)
	if res.StatusCode != 200 || !authRaw.Auth.ReadOnly || auth.Auth.ConnectedAs != "client" {
		t.Errorf("REST auth state in preview: %d %s", res.StatusCode, raw)
	}
	var seen struct {
		Gallery struct {
			Auth   struct{ ReadOnly, IsClient bool }
			Photos struct{ TotalCount int }
		}
		Cart struct{ ID string }
	}
	if r := pv.graphql(`query($g: ID!) { gallery(url: "julie-et-thomas") { auth { readOnly isClient } photos(first: 5) { totalCount } } cart(galleryId: $g) { id } }`,
		map[string]any{"g": wedding.ID}, &seen); len(r.Errors) > 0 || !seen.Gallery.Auth.ReadOnly || !seen.Gallery.Auth.IsClient || seen.Gallery.Photos.TotalCount == 0 {
		t.Errorf("GraphQL reads in preview: %+v %+v", r.Errors, seen)
	}

	type restCall struct {
		name, method, path string
		body               any
	}
	refusedREST := []restCall{
		{"HD original", "GET", media(p, "original"), nil},
		{"download request in HD", "POST", "/api/galleries/downloadRequests", map[string]any{"email": email, "quality": "hd", "collections": []string{"Cérémonie"}}},
		{"download request on the web", "POST", "/api/galleries/downloadRequests", map[string]any{"email": email, "quality": "web", "collections": []string{"Cérémonie"}}},
		{"hide photos from visitors", "POST", "/api/photos/clientHidden", map[string]any{"photoIds": []string{p.ID}, "hidden": true}},
		{"create a selection", "POST", "/api/users/selections", map[string]string{"name": "Aperçu"}},
		{"favourite a photo", "POST", "/api/users/selections/favorites/" + p.ID + "/toggle/add", nil},
		{"remove from the favourites", "POST", "/api/users/selections/favorites/removePhotos", []string{p.ID}},
		{"delete a selection", "DELETE", "/api/users/selections/favorites", nil},
		{"add to the album", "POST", "/api/galleries/albumSelections/" + p.ID + "/add", nil},
		{"remove from the album", "POST", "/api/galleries/albumSelections/removePhotos", []string{p2.ID}},
		{"send the album", "POST", "/api/galleries/albumSelections/send", nil},
		{"share the gallery", "POST", "/api/galleries/share", map[string]any{"senderName": "Aperçu", "emails": []string{"ami@example.com"}}},
		{"order a print", "POST", "/api/cart/formats/" + p.ID + "/" + print10x15.ID, map[string]any{"quantity": 1}},
		{"order an HD file", "POST", "/api/cart/digitalFiles/" + p.ID + "/" + hdFile.ID, nil},
		{"order the whole gallery", "POST", "/api/cart/digitalFiles/allGallery", map[string]any{"format": hdFile.ID}},
		{"compose a pack", "POST", "/api/cart/ongoing-packs", map[string]string{"packId": souvenir.ID}},
		{"give an address", "POST", "/api/cart/address", address},
		{"enter a discount code", "POST", "/api/cart/vouchers/" + seed.DemoDiscountCode, nil},
		{"take a discount code out", "DELETE", "/api/cart/vouchers/" + seed.DemoDiscountCode, nil},
		{"regroup items in a pack", "POST", "/api/cart/regroupItemsInPack", nil},
		{"place an order", "POST", "/api/orders", placeBody},
	}
	for _, c := range refusedREST {
		t.Run("REST "+c.name, func(t *testing.T) {
			res, body := pv.do(c.method, c.path, c.body, hdr)
			var out restError
			_ = json.Unmarshal(body, &out)
			if res.StatusCode != http.StatusForbidden || out.Code != "preview_read_only" || out.Message != "Cet aperçu est en lecture seule." {
				t.Fatalf("%s %s: %d %.200q, want 403 preview_read_only", c.method, c.path, res.StatusCode, body)
			}
		})
	}
	in := func(m map[string]any) map[string]any {
		m["galleryId"] = wedding.ID
		return map[string]any{"in": m}
	}
	refusedGQL := []struct {
		name, query string
		vars        map[string]any
	}{
		{"download request", `mutation($in: RequestDownloadInput!) { requestDownload(input: $in) { userErrors { code } } }`,
			in(map[string]any{"email": email, "quality": "hd", "collections": []string{"Cérémonie"}})},
		{"hide photos from visitors", `mutation($in: SetPhotosClientHiddenInput!) { setPhotosClientHidden(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoIds": []string{p.ID}, "hidden": true})},
		{"create a selection", `mutation($in: CreateSelectionInput!) { createSelection(input: $in) { userErrors { code } } }`,
			in(map[string]any{"name": "Aperçu"})},
		{"favourite a photo", `mutation($in: SelectionItemsInput!) { addToSelection(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoIds": []string{p.ID}})},
		{"remove from the favourites", `mutation($in: SelectionItemsInput!) { removeFromSelection(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoIds": []string{p.ID}})},
		{"delete a selection", `mutation($in: DeleteSelectionInput!) { deleteSelection(input: $in) { userErrors { code } } }`,
			in(map[string]any{"selectionId": "favorites"})},
		{"add to the album", `mutation($in: AlbumPhotosInput!) { addToAlbum(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoIds": []string{p.ID}})},
		{"remove from the album", `mutation($in: AlbumPhotosInput!) { removeFromAlbum(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoIds": []string{p2.ID}})},
		{"send the album", `mutation($in: SendAlbumInput!) { sendAlbum(input: $in) { userErrors { code } } }`, in(map[string]any{})},
		{"share the gallery", `mutation($in: ShareGalleryInput!) { shareGallery(input: $in) { userErrors { code } } }`,
			in(map[string]any{"senderName": "Aperçu", "emails": []string{"ami@example.com"}})},
		{"order a print", `mutation($in: PrintInput!) { setPrint(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoId": p.ID, "formatId": print10x15.ID})},
		{"order an HD file", `mutation($in: DigitalFileInput!) { addDigitalFile(input: $in) { userErrors { code } } }`,
			in(map[string]any{"photoId": p.ID, "formatId": hdFile.ID})},
		{"order the whole gallery", `mutation($in: AllGalleryInput!) { addAllGallery(input: $in) { userErrors { code } } }`,
			in(map[string]any{"formatId": hdFile.ID})},
		{"compose a pack", `mutation($in: CreateOngoingPackInput!) { createOngoingPack(input: $in) { userErrors { code } } }`,
			in(map[string]any{"packId": souvenir.ID})},
		{"give an address", `mutation($in: ClientDataInput!) { setClientData(input: $in) { userErrors { code } } }`,
			in(map[string]any{"billing": gqlAddress, "deliveryOption": "shipping"})},
		{"enter a discount code", `mutation($in: VoucherInput!) { addVoucher(input: $in) { userErrors { code } } }`,
			in(map[string]any{"code": seed.DemoDiscountCode})},
		{"take a discount code out", `mutation($in: VoucherInput!) { removeVoucher(input: $in) { userErrors { code } } }`,
			in(map[string]any{"code": seed.DemoDiscountCode})},
		{"regroup items in a pack", `mutation($in: CartGalleryInput!) { regroupItemsInPack(input: $in) { userErrors { code } } }`, in(map[string]any{})},
		{"place an order", `mutation($in: PlaceOrderInput!) { placeOrder(input: $in) { userErrors { code } } }`,
			in(map[string]any{"paymentMethod": "card", "acceptTerms": true, "acceptRetouch": true, "expectedTotal": "0.00"})},
	}
	for _, c := range refusedGQL {
		t.Run("GraphQL "+c.name, func(t *testing.T) {
			r := pv.graphql(c.query, c.vars, nil)
			if errorCode(r) != "preview_read_only" || r.Errors[0].Message != "Cet aperçu est en lecture seule." {
				t.Fatalf("errors %+v %s, want preview_read_only", r.Errors, r.Data)
			}
		})
	}

	// The same refusals, all at once from several tabs of the preview.
	var wg sync.WaitGroup
	start := make(chan struct{})
	codes := make(chan string, 2*len(refusedGQL))
	for range 2 {
		for _, c := range refusedGQL {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				body, _ := json.Marshal(map[string]any{"query": c.query, "variables": c.vars})
				req, _ := http.NewRequest("POST", e.srv.URL+"/graphql", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-XSRF-TOKEN", pv.xsrf())
				res, err := pv.web.Do(req)
				if err != nil {
					codes <- err.Error()
					return
				}
				defer res.Body.Close()
				var r gqlResponse
				_ = json.NewDecoder(res.Body).Decode(&r)
				codes <- errorCode(r)
			}()
		}
	}
	close(start)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != "preview_read_only" {
			t.Errorf("concurrent call answered %q", c)
		}
	}

	// Nothing changed behind the refusals.
	if n := db.DownloadRequest.Query().Where(downloadrequest.HasGalleryWith(gallery.ID(wedding.ID))).CountX(ctx); n != 0 {
		t.Errorf("%d download requests made in preview", n)
	}
	if n := db.Photo.Query().Where(photo.GalleryID(wedding.ID), photo.ClientHidden(true)).CountX(ctx); n != 0 {
		t.Errorf("%d photos hidden in preview", n)
	}
	if n := db.Selection.Query().Where(selection.HasUserWith(user.Email(email)), selection.Not(selection.IsFavorites(true))).CountX(ctx); n != 0 {
		t.Errorf("%d selections made in preview", n)
	}
	if n := db.Selection.Query().Where(selection.HasUserWith(user.Email(email))).QueryPhotos().CountX(ctx); n != 0 {
		t.Errorf("%d photos in the preview's selections", n)
	}
	a := db.Album.Query().Where(album.HasGalleryWith(gallery.ID(wedding.ID))).OnlyX(ctx)
	if ids := a.QueryPhotos().IDsX(ctx); a.State != album.StateOpen || len(ids) != 1 || ids[0] != p2.ID {
		t.Errorf("the album changed in preview: %s %v", a.State, ids)
	}
	if n := db.Share.Query().Where(share.HasGalleryWith(gallery.ID(wedding.ID))).CountX(ctx); n != 0 {
		t.Errorf("%d shares sent in preview", n)
	}
	if n := db.CartItem.Query().Where(cartitem.HasCartWith(cart.HasGalleryWith(gallery.ID(wedding.ID)))).CountX(ctx); n != 0 {
		t.Errorf("%d cart items added in preview", n)
	}
	if n := db.Cart.Query().Where(cart.HasGalleryWith(gallery.ID(wedding.ID)), cart.HasVouchers()).CountX(ctx); n != 0 {
		t.Errorf("%d carts got a voucher in preview", n)
	}
	if n := db.Order.Query().Where(order.HasGalleryWith(gallery.ID(wedding.ID))).CountX(ctx); n != 0 {
		t.Errorf("%d orders placed in preview", n)
	}

	// The client who also opens the preview keeps the client's rights.
	e.previewer(client, wedding.ID)
	if res, body := client.do("GET", media(p, "original"), nil, nil); res.StatusCode != 200 {
		t.Errorf("client's original with a preview open: %d %.200q", res.StatusCode, body)
	}
	if status := client.call("POST", "/api/photos/clientHidden", wedding.ID, map[string]any{"photoIds": []string{p.ID}, "hidden": true}, nil); status != 200 {
		t.Errorf("client hides a photo with a preview open: %d", status)
	}
	if r := client.graphql(`mutation($in: SetPhotosClientHiddenInput!) { setPhotosClientHidden(input: $in) { userErrors { code } } }`,
		in(map[string]any{"photoIds": []string{p.ID}, "hidden": false}), nil); len(r.Errors) > 0 {
		t.Errorf("client shows a photo again with a preview open: %+v", r.Errors)
	}
	if status := client.call("POST", "/api/galleries/downloadRequests", wedding.ID, map[string]any{"email": seed.DemoClientEmail, "quality": "hd", "collections": []string{"Cérémonie"}}, nil); status != 200 {
		t.Errorf("client's download request with a preview open: %d", status)
	}
	var cl struct {
		Gallery struct {
			Auth struct{ ReadOnly, IsClient bool }
		}
	}
	if r := client.graphql(`{ gallery(url: "julie-et-thomas") { auth { readOnly isClient } } }`, nil, &cl); len(r.Errors) > 0 || cl.Gallery.Auth.ReadOnly || !cl.Gallery.Auth.IsClient {
		t.Errorf("client's auth state with a preview open: %+v %+v", r.Errors, cl)
	}

	// In a public gallery the preview's holder keeps a visitor's rights
	// (the school gives the HD files to everyone) but not a client's.
	gp := e.another()
	e.previewer(gp, gala.ID)
	gphoto := db.Photo.Query().Where(photo.GalleryID(gala.ID), photo.IsPrivate(false)).FirstX(ctx)
	if res, body := gp.do("GET", media(gphoto, "original"), nil, nil); res.StatusCode != 200 {
		t.Errorf("public gallery's free original with a preview open: %d %.200q", res.StatusCode, body)
	}
	var refused restError
	if status := gp.call("POST", "/api/photos/clientHidden", gala.ID, map[string]any{"photoIds": []string{gphoto.ID}, "hidden": true}, &refused); status != 403 || refused.Code != "preview_read_only" {
		t.Errorf("a visitor hid a photo of the public gallery through its preview: %d %+v", status, refused)
	}
	if db.Photo.GetX(ctx, gphoto.ID).ClientHidden {
		t.Error("the public gallery's photo got hidden")
	}
	// A photo its clients hid from visitors: the preview shows it, but the
	// visitor's own rights reach neither its original nor the cart.
	hidden := db.Photo.Query().Where(photo.GalleryID(gala.ID), photo.IsPrivate(false), photo.IDNEQ(gphoto.ID)).FirstX(ctx)
	db.Photo.UpdateOne(hidden).SetClientHidden(true).ExecX(ctx)
	if res, _ := gp.do("GET", media(hidden, "320.jpg"), nil, nil); res.StatusCode != 200 {
		t.Errorf("the preview does not show the client-hidden photo: %d", res.StatusCode)
	}
	if res, body := gp.do("GET", media(hidden, "original"), nil, nil); res.StatusCode != 403 || !strings.Contains(string(body), "preview_read_only") {
		t.Errorf("client-hidden original through a public gallery's preview: %d %.200q", res.StatusCode, body)
	}
	galaPrint := db.Format.Query().Where(format.HasGalleryWith(gallery.ID(gala.ID)), format.ShortSize(10), format.LongSize(15)).OnlyX(ctx)
	if status := gp.call("POST", "/api/cart/formats/"+hidden.ID+"/"+galaPrint.ID, gala.ID, map[string]any{"quantity": 1}, nil); status != 404 {
		t.Errorf("a visitor put a client-hidden photo in the cart through the preview: %d", status)
	}
	if n := db.CartItem.Query().Where(cartitem.PhotoID(hidden.ID)).CountX(ctx); n != 0 {
		t.Errorf("%d cart items of the client-hidden photo", n)
	}
}
