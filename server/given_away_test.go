package server_test

import (
	"context"
	"slices"
	"testing"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/gallery"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// sellGalleryFiles turns the free download of the gallery at url off, as
// its photographer's settings do: the demo gives the gala's files to
// everyone and julie-et-thomas's to its clients, and the shop does not
// sell what the gallery gives away (given_away).
func sellGalleryFiles(t testing.TB, db *ent.Client, url string) {
	t.Helper()
	ctx := viewer.SystemContext(context.Background())
	g := db.Gallery.Query().Where(gallery.URL(url)).OnlyX(ctx)
	di := g.DownloadInformation
	di.FreeDownload = false
	db.Gallery.UpdateOne(g).SetDownloadInformation(di).ExecX(ctx)
}

// setFreeDownload turns the gallery's free download on or off through the
// photographer's API.
func (s *cartEnv) setFreeDownload(token, galleryID string, on bool) {
	s.t.Helper()
	var upd struct {
		UpdateGallery struct{ UserErrors []struct{ Code string } }
	}
	r := s.graphqlWith(bearer(token), `mutation($input: UpdateGalleryInput!) { updateGallery(input: $input) { userErrors { code } } }`,
		map[string]any{"input": map[string]any{"galleryId": galleryID, "settings": map[string]any{"downloadInformation": map[string]any{"freeDownload": on}}}}, &upd)
	if len(r.Errors) > 0 || len(upd.UpdateGallery.UserErrors) > 0 {
		s.t.Fatalf("updateGallery: %+v %+v", r.Errors, upd)
	}
}

// givenAwayREST checks a REST cart call in galleryID refused with given_away.
func (s *cartEnv) givenAwayREST(as *env, galleryID, method, path string, body any) {
	s.t.Helper()
	var c restCart
	if status := as.call(method, "/api/cart"+path, galleryID, body, &c); status != 422 || c.Code != "given_away" ||
		c.Message != "Ces fichiers vous sont offerts\u00a0: téléchargez-les gratuitement depuis la galerie." ||
		!slices.Equal(c.Field, []string{"formatId"}) || c.ID != "" {
		s.t.Fatalf("%s %s: %d %+v, want 422 given_away", method, path, status, c.restError)
	}
}

// givenAwayGQL checks a cart mutation in galleryID answered with the userError given_away.
func (s *cartEnv) givenAwayGQL(as *env, galleryID, name string, input map[string]any) {
	s.t.Helper()
	input["galleryId"] = galleryID
	if ue := s.cartUserError(as, name, input, "given_away"); !slices.Equal(ue.Field, []string{"formatId"}) {
		s.t.Fatalf("%s: field %v", name, ue.Field)
	}
}

// TestGivenAwayFilesAreNotSoldAtBothDoors: the shop does not sell what
// the gallery gives away: the gala's files to its visitors (while its free
// download is on), julie-et-thomas's to its clients (not to its other
// guests). The photographer may try their own shop. Files put in a cart
// before the gallery gave them away leave it at the next read.
func TestGivenAwayFilesAreNotSoldAtBothDoors(t *testing.T) {
	s := newCartEnv(t)
	token, _ := s.token()
	s.setFreeDownload(token, s.gala, true)
	p := s.photos

	visitor := s.another()
	s.givenAwayREST(visitor, s.gala, "POST", "/digitalFiles/"+p[0].ID+"/"+s.web, nil)
	s.givenAwayREST(visitor, s.gala, "POST", "/digitalFiles/"+p[0].ID+"/"+s.hd, nil)
	s.givenAwayREST(visitor, s.gala, "POST", "/digitalFiles/allGallery", map[string]any{"format": s.hd})
	s.givenAwayGQL(visitor, s.gala, "addDigitalFile", map[string]any{"photoId": p[0].ID, "formatId": s.web})
	s.givenAwayGQL(visitor, s.gala, "addDigitalFile", map[string]any{"photoId": p[0].ID, "formatId": s.hd})
	s.givenAwayGQL(visitor, s.gala, "addAllGallery", map[string]any{"formatId": s.hd})
	if c := s.cartOK(visitor, "GET", "", nil); len(c.Photos) != 0 || len(c.AllDigitalFileFormats) != 0 {
		t.Fatalf("visitor's cart: %v, %d downloads", s.lines(c), len(c.AllDigitalFileFormats))
	}
	// Prints still sell.
	s.cartOK(visitor, "POST", "/formats/"+p[0].ID+"/"+s.p10x15, map[string]any{"quantity": 1})

	// The photographer tries their own shop.
	owner := s.person("studio@example.com", "", "")
	s.cartOK(owner, "POST", "/digitalFiles/"+p[0].ID+"/"+s.web, nil)
	if c := s.cartDone(owner, "addAllGallery", map[string]any{"formatId": s.hd}); !slices.Equal(s.gqlLines(c), []string{"p0#Fichier web x1"}) ||
		len(c.AllDigitalFileFormats) != 1 {
		t.Fatalf("photographer's cart: %v, %d downloads", s.gqlLines(c), len(c.AllDigitalFileFormats))
	}

	// julie-et-thomas gives its files to its clients only.
	wedPhoto := s.visiblePhotos(s.wedding)[0]
	wedWeb, wedHD := s.formatID(s.wedding, "Fichiers numériques", "Fichier web"), s.formatID(s.wedding, "Fichiers numériques", "Fichier HD")
	client := s.person(seed.DemoClientEmail, s.wedding, seed.DemoClientCode)
	s.givenAwayREST(client, s.wedding, "POST", "/digitalFiles/"+wedPhoto.ID+"/"+wedHD, nil)
	s.givenAwayREST(client, s.wedding, "POST", "/digitalFiles/allGallery", map[string]any{"format": wedHD})
	s.givenAwayGQL(client, s.wedding, "addDigitalFile", map[string]any{"photoId": wedPhoto.ID, "formatId": wedWeb})
	guest := s.person("invite@example.com", s.wedding, seed.DemoVisitorCode)
	var c restCart
	if status := guest.call("POST", "/api/cart/digitalFiles/"+wedPhoto.ID+"/"+wedHD, s.wedding, nil, &c); status != 200 || len(c.Photos) != 1 {
		t.Fatalf("guest's HD file: %d %+v", status, c.restError)
	}
	if gc := s.cartDone(guest, "addDigitalFile", map[string]any{"galleryId": s.wedding, "photoId": wedPhoto.ID, "formatId": wedWeb}); len(gc.Photos) != 2 {
		t.Fatalf("guest's web file: %v", s.gqlLines(gc))
	}

	// The gala stops giving its files away: its visitor buys them.
	s.setFreeDownload(token, s.gala, false)
	s.cartOK(visitor, "POST", "/digitalFiles/"+p[1].ID+"/"+s.web, nil)
	gc := s.cartDone(visitor, "addAllGallery", map[string]any{"formatId": s.hd})
	if !slices.Equal(s.gqlLines(gc), []string{"p0#10 x 15 x1", "p1#Fichier web x1"}) || len(gc.AllDigitalFileFormats) != 1 {
		t.Fatalf("visitor's cart once sold: %v, %d downloads", s.gqlLines(gc), len(gc.AllDigitalFileFormats))
	}

	// And gives them away again: the files leave the visitor's cart, which says so once.
	s.setFreeDownload(token, s.gala, true)
	c = s.cartOK(visitor, "GET", "", nil)
	if !c.CartUpdated || !slices.Equal(s.lines(c), []string{"p0#10 x 15 x1"}) || len(c.AllDigitalFileFormats) != 0 {
		t.Fatalf("after giving away again: updated %v, %v, %d downloads", c.CartUpdated, s.lines(c), len(c.AllDigitalFileFormats))
	}
	if c = s.cartOK(visitor, "GET", "", nil); c.CartUpdated {
		t.Fatal("cartUpdated reported twice")
	}
}
