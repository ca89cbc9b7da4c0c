package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/ent/pack"
	"github.com/studio/gallery/ent/photo"
	"github.com/studio/gallery/ent/selection"
	"github.com/studio/gallery/ent/user"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// TestWrongPersonGetsNothingByChangingAnID tries every call that takes an
// id as someone who must not reach what the id names, in both doors. Later
// issues add their calls (carts, orders) to this table.
func TestWrongPersonGetsNothingByChangingAnID(t *testing.T) {
	e, _ := newAccessEnv(t)
	ctx := viewer.SystemContext(context.Background())
	db := e.db.Client
	gala := db.Gallery.Query().Where(gallery.URL("gala-2026")).OnlyX(ctx)
	wedding := db.Gallery.Query().Where(gallery.URL("julie-et-thomas")).OnlyX(ctx)
	private := db.Photo.Query().Where(photo.GalleryID(gala.ID), photo.IsPrivate(true)).FirstX(ctx)
	public := db.Photo.Query().Where(photo.GalleryID(gala.ID), photo.IsPrivate(false)).FirstX(ctx)
	protected := db.Photo.Query().Where(photo.GalleryID(wedding.ID), photo.IsPrivate(false)).FirstX(ctx)
	// A second studio, with a protected gallery of its own and a code.
	other := db.Photographer.Create().SetName("Autre Studio").SetEmail("autre@example.com").SaveX(ctx)
	otherGallery := db.Gallery.Create().SetURL("autre-galerie").SetEventName("Autre").SetPhotographer(other).SaveX(ctx)
	db.AccessCode.Create().SetGallery(otherGallery).SetCode("AUTRE-1234").SetKind(accesscode.KindVisitor).ExecX(ctx)
	otherToken, _, err := (&photographer.Tokens{DB: db}).Create(context.Background(), "autre@example.com", "t")
	if err != nil {
		t.Fatal(err)
	}

	// The visitor holds a code for the other studio's gallery only.
	visitor := e.another()
	visitor.rest("POST", "/api/auth/accessCode", otherGallery.ID, map[string]string{"code": "AUTRE-1234"})
	if c := visitor.cookie("access_" + otherGallery.ID); c == nil {
		t.Fatal("setup: no access cookie")
	}

	// Bob keeps a selection in the public gallery; Alice, another confirmed
	// e-mail, tries to reach it. A visitor of the wedding (code and e-mail)
	// tries the clients' album and tools.
	bob := e.person("bob@example.com", "", "")
	var bobs struct {
		ID string `json:"_id"`
	}
	if status := bob.call("POST", "/api/users/selections", gala.ID, map[string]string{"name": "À Bob"}, &bobs); status != 200 {
		t.Fatalf("setup: selection %d", status)
	}
	bob.call("POST", "/api/users/selections/"+bobs.ID+"/"+public.ID+"/toggle/add", gala.ID, nil, nil)
	var bobsFav struct {
		ID string `json:"_id"`
	}
	bob.call("POST", "/api/users/selections/favorites/"+public.ID+"/toggle/add", gala.ID, nil, &bobsFav)
	alice := e.person("alice@example.com", "", "")
	// Bob also has a print and a pack being composed in his cart.
	print10x15 := db.Format.Query().Where(format.HasGalleryWith(gallery.ID(gala.ID)), format.ShortSize(10), format.LongSize(15)).OnlyX(ctx)
	otherFormat := db.Format.Create().SetGallery(otherGallery).SetFamily(db.Family.Create().SetGallery(otherGallery).
		SetName("F").SetCategory(db.Category.Create().SetGallery(otherGallery).SetName("C").SetSection("prints").SaveX(ctx)).SaveX(ctx)).
		SetShortSize(10).SetLongSize(15).SetUnitPrice(100).SaveX(ctx)
	souvenir := db.Pack.Query().Where(pack.HasGalleryWith(gallery.ID(gala.ID)), pack.Name("souvenir")).OnlyX(ctx)
	var bobsCart struct {
		Photos []struct {
			ID string `json:"_id"`
		}
		OngoingPacks []struct{ PackInstanceID string } `json:"ongoingPacks"`
	}
	bob.call("POST", "/api/cart/formats/"+public.ID+"/"+print10x15.ID, gala.ID, map[string]any{"quantity": 1}, nil)
	if status := bob.call("POST", "/api/cart/ongoing-packs", gala.ID, map[string]string{"packId": souvenir.ID}, &bobsCart); status != 200 ||
		len(bobsCart.Photos) != 1 || len(bobsCart.OngoingPacks) != 1 {
		t.Fatalf("setup: cart %d %+v", status, bobsCart)
	}
	bobsPrint, bobsPack := bobsCart.Photos[0].ID, bobsCart.OngoingPacks[0].PackInstanceID
	guest := e.person("invite@example.com", wedding.ID, seed.DemoVisitorCode)
	inGala := map[string]string{"X-Gallery-Id": gala.ID}
	inWedding := map[string]string{"X-Gallery-Id": wedding.ID}

	media := func(p *ent.Photo, file string) string {
		return "/media/photos/" + p.ID + "/" + p.ContentHash + "/" + file
	}
	type call struct {
		name   string
		as     *env
		method string
		path   string
		header map[string]string
		body   any
		status int
	}
	asOther := map[string]string{"Authorization": "Bearer " + otherToken}
	// Bob's order, in gala-2026.
	bobsOrder := db.Order.Create().SetGallery(gala).SetNumber("10001").SetEmail("bob@example.com").SetCartID("crt_bob").
		SetSubtotal(250).SetTotal(740).SetBillingAddress(model.Address{Lastname: "Bob"}).SaveX(ctx)
	bobsOrder = db.Order.GetX(ctx, bobsOrder.ID) // as stored (PostgreSQL keeps microseconds)
	for _, c := range []call{
		{"REST photos of a protected gallery", visitor, "GET", "/api/photos", map[string]string{"X-Gallery-Id": wedding.ID}, nil, 401},
		{"REST videos of a protected gallery", visitor, "GET", "/api/videos", map[string]string{"X-Gallery-Id": wedding.ID}, nil, 401},
		{"derivative of a private photo", visitor, "GET", media(private, "320.jpg"), nil, nil, 404},
		{"derivative of a protected gallery's photo", visitor, "GET", media(protected, "320.jpg"), nil, nil, 401},
		{"original of a private photo", visitor, "GET", media(private, "original"), nil, nil, 404},
		{"original not bought", guest, "GET", media(protected, "original"), nil, nil, 403},
		{"another person's order", alice, "GET", "/api/orders/" + bobsOrder.ID, nil, nil, 404},
		{"resend another person's downloads", alice, "POST", "/api/orders/" + bobsOrder.ID + "/resendDownloads", nil, nil, 404},
		{"an order, other photographer", visitor, "GET", "/api/orders/" + bobsOrder.ID, asOther, nil, 404},
		{"a payment page that does not exist", visitor, "GET", "/pay/test/pay_nope", nil, nil, 404},
		{"derivative of a private photo, other photographer", visitor, "GET", media(private, "320.jpg"), asOther, nil, 404},
		{"make a photo private as a visitor", visitor, "PUT", "/api/photos/" + public.ID, nil, map[string]bool{"isPrivate": true}, 401},
		{"make a photo private as another photographer", visitor, "PUT", "/api/photos/" + public.ID, asOther, map[string]bool{"isPrivate": true}, 403},
		{"use the other gallery's grant here", visitor, "GET", "/api/photos", map[string]string{"X-Gallery-Id": wedding.ID}, nil, 401},
		{"enter another gallery's code", visitor, "POST", "/api/auth/accessCode", map[string]string{"X-Gallery-Id": wedding.ID}, map[string]string{"code": "AUTRE-1234"}, 401},
		{"selections without a confirmed e-mail", visitor, "GET", "/api/users/selections", inGala, nil, 401},
		{"read another person's selection", alice, "GET", "/api/users/selections/" + bobs.ID, inGala, nil, 404},
		{"read another person's favourites by id", alice, "GET", "/api/users/selections/" + bobsFav.ID, inGala, nil, 404},
		{"delete another person's selection", alice, "DELETE", "/api/users/selections/" + bobs.ID, inGala, nil, 404},
		{"add to another person's selection", alice, "POST", "/api/users/selections/" + bobs.ID + "/" + public.ID + "/toggle/add", inGala, nil, 404},
		{"remove from another person's selection", alice, "POST", "/api/users/selections/" + bobs.ID + "/removePhotos", inGala, []string{public.ID}, 404},
		{"another person's selection through another gallery", bob, "GET", "/api/users/selections/" + bobs.ID, inWedding, nil, 401},
		{"favourite a private photo", alice, "POST", "/api/users/selections/favorites/" + private.ID + "/toggle/add", inGala, nil, 404},
		{"favourite another gallery's photo", alice, "POST", "/api/users/selections/favorites/" + protected.ID + "/toggle/add", inGala, nil, 404},
		{"read the album as a visitor", guest, "GET", "/api/galleries/albumSelections", inWedding, nil, 403},
		{"add to the album as a visitor", guest, "POST", "/api/galleries/albumSelections/" + protected.ID + "/add", inWedding, nil, 403},
		{"remove from the album as a visitor", guest, "POST", "/api/galleries/albumSelections/removePhotos", inWedding, []string{protected.ID}, 403},
		{"send the album as a visitor", guest, "POST", "/api/galleries/albumSelections/send", inWedding, nil, 403},
		{"add to the album without the gallery's code", alice, "POST", "/api/galleries/albumSelections/" + protected.ID + "/add", inWedding, nil, 401},
		{"hide photos as a visitor", guest, "POST", "/api/photos/clientHidden", inWedding, map[string]any{"photoIds": []string{protected.ID}, "hidden": true}, 403},
		{"share a gallery without its code", alice, "POST", "/api/galleries/share", inWedding, map[string]any{"senderName": "A", "emails": []string{"x@example.com"}}, 401},
		{"photographer's selection without the code", alice, "GET", "/api/galleries/photographerSelection", inWedding, nil, 401},
		{"cart of a protected gallery without its code", alice, "GET", "/api/cart", inWedding, nil, 401},
		{"print in a protected gallery without its code", alice, "POST", "/api/cart/formats/" + protected.ID + "/" + print10x15.ID, inWedding, nil, 401},
		{"print a private photo", alice, "POST", "/api/cart/formats/" + private.ID + "/" + print10x15.ID, inGala, nil, 404},
		{"print another gallery's photo", alice, "POST", "/api/cart/formats/" + protected.ID + "/" + print10x15.ID, inGala, nil, 404},
		{"print in another studio's format", alice, "POST", "/api/cart/formats/" + public.ID + "/" + otherFormat.ID, inGala, nil, 422},
		{"edit another person's print", alice, "POST", "/api/cart/formats/" + public.ID + "/" + print10x15.ID + "/" + bobsPrint, inGala, map[string]int{"quantity": 5}, 422},
		{"remove another person's print", alice, "DELETE", "/api/cart/formats/" + public.ID + "/" + print10x15.ID + "/" + bobsPrint, inGala, nil, 422},
		{"configure another person's pack", alice, "POST", "/api/cart/ongoing-packs/" + bobsPack, inGala, map[string]any{"clientPackName": "Pris"}, 422},
		{"add another person's pack", alice, "POST", "/api/cart/packs", inGala, map[string]any{"packInstanceId": bobsPack}, 422},
		{"delete another person's pack", alice, "DELETE", "/api/cart/ongoing-packs/" + bobsPack, inGala, nil, 422},
		{"digital file of a private photo", alice, "POST", "/api/cart/digitalFiles/" + private.ID + "/" + print10x15.ID, inGala, nil, 422},
		{"products of a private photo", alice, "GET", "/api/cart/photoProducts/" + private.ID, inGala, nil, 404},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := c.as.do(c.method, c.path, c.body, c.header)
			if res.StatusCode != c.status {
				t.Fatalf("%s %s: %d %s, want %d", c.method, c.path, res.StatusCode, body, c.status)
			}
		})
	}
	// A cookie sealed for one gallery, renamed for another, opens nothing.
	forged := visitor.another()
	forged.web.Jar.SetCookies(mustURL(e.srv.URL), []*http.Cookie{{Name: "access_" + wedding.ID, Value: visitor.cookie("access_" + otherGallery.ID).Value, Path: "/"}})
	if res, _ := forged.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": wedding.ID}); res.StatusCode != 401 {
		t.Errorf("a moved access cookie opened the gallery: %d", res.StatusCode)
	}

	for _, c := range []struct {
		name, query string
		vars        map[string]any
		header      map[string]string
		code        string
		as          *env // the visitor when nil
	}{
		{"node of a private photo", `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": private.ID}, nil, "not_found", nil},
		{"node of a protected gallery's photo", `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": protected.ID}, nil, "unauthorized", nil},
		{"photos of a protected gallery", `{ gallery(url: "julie-et-thomas") { photos(first: 5) { totalCount } } }`, nil, nil, "unauthorized", nil},
		{"access codes of a gallery, visitor", `{ gallery(url: "gala-2026") { accessCodes { id } } }`, nil, nil, "unauthorized", nil},
		{"access codes, other photographer", `{ gallery(url: "gala-2026") { accessCodes { id } } }`, nil, asOther, "forbidden", nil},
		{"set photos private, other photographer", `mutation($in: SetPhotosPrivateInput!) { setPhotosPrivate(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "photoIds": []string{public.ID}, "isPrivate": true}}, asOther, "forbidden", nil},
		{"update a gallery, other photographer", `mutation($in: UpdateGalleryInput!) { updateGallery(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "settings": map[string]any{"eventName": "Pris"}}}, asOther, "forbidden", nil},
		{"preview link, other photographer", `mutation($in: CreatePreviewLinkInput!) { createPreviewLink(input: $in) { previewHash } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID}}, asOther, "forbidden", nil},
		{"delete photos of another studio's gallery", `mutation($in: DeletePhotosInput!) { deletePhotos(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "photoIds": []string{public.ID}}}, asOther, "forbidden", nil},
		{"selections without a confirmed e-mail", `query($g: ID!) { mySelections(galleryId: $g) { id } }`,
			map[string]any{"g": gala.ID}, nil, "unauthorized", nil},
		{"another person's selection", `query($g: ID!, $id: ID!) { mySelection(galleryId: $g, id: $id) { id photoIds } }`,
			map[string]any{"g": gala.ID, "id": bobs.ID}, nil, "selection_not_found", alice},
		{"delete another person's selection", `mutation($in: DeleteSelectionInput!) { deleteSelection(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "selectionId": bobs.ID}}, nil, "selection_not_found", alice},
		{"add to another person's selection", `mutation($in: SelectionItemsInput!) { addToSelection(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "selectionId": bobs.ID, "photoIds": []string{public.ID}}}, nil, "selection_not_found", alice},
		{"remove from another person's favourites", `mutation($in: SelectionItemsInput!) { removeFromSelection(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "selectionId": bobsFav.ID, "photoIds": []string{public.ID}}}, nil, "selection_not_found", alice},
		{"add to the album as a visitor", `mutation($in: AlbumPhotosInput!) { addToAlbum(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": wedding.ID, "photoIds": []string{protected.ID}}}, nil, "forbidden", guest},
		{"send the album as a visitor", `mutation($in: SendAlbumInput!) { sendAlbum(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": wedding.ID}}, nil, "forbidden", guest},
		{"reopen the album as a visitor", `mutation($in: SendAlbumInput!) { reopenAlbum(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": wedding.ID}}, nil, "unauthorized", guest},
		{"reopen the album, other photographer", `mutation($in: SendAlbumInput!) { reopenAlbum(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": wedding.ID}}, asOther, "forbidden", nil},
		{"hide photos as a visitor", `mutation($in: SetPhotosClientHiddenInput!) { setPhotosClientHidden(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": wedding.ID, "photoIds": []string{protected.ID}, "hidden": true}}, nil, "forbidden", guest},
		{"cart of a protected gallery", `query($g: ID!) { cart(galleryId: $g) { id } }`, map[string]any{"g": wedding.ID}, nil, "unauthorized", alice},
		{"print a private photo", `mutation($in: PrintInput!) { setPrint(input: $in) { userErrors { code } } }`,
			map[string]any{"in": map[string]any{"galleryId": gala.ID, "photoId": private.ID, "formatId": print10x15.ID}}, nil, "photo_not_found", alice},
		{"products of another gallery's photo", `query($g: ID!, $p: ID!) { photoProducts(galleryId: $g, photoId: $p) { format { id } } }`,
			map[string]any{"g": gala.ID, "p": protected.ID}, nil, "photo_not_found", alice},
		{"shipping rates as a visitor", `{ shippingRates { zone } }`, nil, nil, "unauthorized", alice},
		{"another person's order", `query($id: ID!) { order(id: $id) { id } }`, map[string]any{"id": bobsOrder.ID}, nil, "order_not_found", alice},
		{"resend another person's downloads", `mutation($id: ID!) { resendOrderDownloads(id: $id) { userErrors { code } } }`,
			map[string]any{"id": bobsOrder.ID}, nil, "order_not_found", alice},
		{"mark another person's order sent", `mutation($id: ID!) { markOrderSent(id: $id) { userErrors { code } } }`,
			map[string]any{"id": bobsOrder.ID}, nil, "order_not_found", alice},
		{"mark an order sent, other photographer", `mutation($id: ID!) { markOrderSent(id: $id) { userErrors { code } } }`,
			map[string]any{"id": bobsOrder.ID}, asOther, "order_not_found", nil},
		{"cancel an order, other photographer", `mutation($id: ID!) { cancelOrder(id: $id) { userErrors { code } } }`,
			map[string]any{"id": bobsOrder.ID}, asOther, "order_not_found", nil},
		{"refund an order, other photographer", `mutation($id: ID!) { refundOrder(id: $id) { userErrors { code } } }`,
			map[string]any{"id": bobsOrder.ID}, asOther, "order_not_found", nil},
		{"orders as a visitor", `{ orders(first: 5) { totalCount } }`, nil, nil, "unauthorized", alice},
		{"follow another person's order", `subscription($id: ID!) { orderUpdated(id: $id) { id } }`,
			map[string]any{"id": bobsOrder.ID}, nil, "order_not_found", alice},
	} {
		t.Run(c.name, func(t *testing.T) {
			as := visitor
			if c.as != nil {
				as = c.as
			}
			r := as.graphqlWith(c.header, c.query, c.vars, nil)
			if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != c.code {
				t.Fatalf("errors %+v, want code %s", r.Errors, c.code)
			}
		})
	}
	// Nothing changed behind the refusals.
	if p := db.Photo.GetX(ctx, public.ID); p.IsPrivate {
		t.Fatal("a refused call made the photo private")
	}
	if g := db.Gallery.GetX(ctx, gala.ID); !strings.HasPrefix(g.EventName, "Gala") {
		t.Fatal("a refused call renamed the gallery")
	}
	if n := db.Selection.Query().Where(selection.ID(bobs.ID)).QueryPhotos().CountX(ctx); n != 1 {
		t.Fatalf("bob's selection holds %d photos after the refused calls", n)
	}
	if n := db.Selection.Query().Where(selection.HasUserWith(user.Email("alice@example.com")), selection.IsFavorites(true)).QueryPhotos().CountX(ctx); n != 0 {
		t.Fatalf("alice's favourites got %d photos from refused calls", n)
	}
	if n := db.Album.Query().CountX(ctx); n != 0 {
		t.Fatal("a refused call made an album")
	}
	if p := db.Photo.GetX(ctx, protected.ID); p.ClientHidden {
		t.Fatal("a refused call hid a photo")
	}
	if o := db.Order.GetX(ctx, bobsOrder.ID); o.Status != bobsOrder.Status || !o.UpdatedAt.Equal(bobsOrder.UpdatedAt) {
		t.Fatalf("bob's order changed: %s", o.Status)
	}
	if it := db.CartItem.GetX(ctx, bobsPrint); it.Quantity != 1 {
		t.Fatalf("bob's print has quantity %d after the refused calls", it.Quantity)
	}
	if it := db.CartItem.Query().Where(cartitem.PackInstanceID(bobsPack)).OnlyX(ctx); it.ClientPackName != "Pack Souvenir" || it.Kind != cartitem.KindOngoingPack {
		t.Fatalf("bob's pack changed: %+v", it)
	}
}
