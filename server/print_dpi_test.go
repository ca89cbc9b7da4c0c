package server_test

import (
	"testing"
)

// Issue 20: a print of fewer than 100 dpi is refused by the server too
// (the shop shows the size disabled), with a stable code and the dpi in
// French; at 100 dpi and over it goes to the cart.
func TestLowResolutionPrintsAreRefused(t *testing.T) {
	s := newCartEnv(t)
	b := s.another()
	p0 := s.photos[0] // 1200x800
	p20x30 := s.formatID(s.gala, "Papier photo", "20 x 30")

	// 1200 pixels over 45 cm: 67 dpi.
	got := s.refusal(b, "POST", "/formats/"+p0.ID+"/"+s.p30x45, nil, 422, "format_incompatible")
	if got.Message != "Résolution trop faible pour ce format (67\u00a0dpi)\u00a0: il en faut au moins 100 pour un tirage net." || len(got.Field) != 1 || got.Field[0] != "formatId" {
		t.Fatalf("30x45: %+v", got.restError)
	}
	// 20x30 makes 101 dpi whole, but a 600x400 crop of it only 50.
	s.refusal(b, "POST", "/formats/"+p0.ID+"/"+p20x30, map[string]any{"crop": cartCrop{Width: 600, Height: 400}}, 422, "format_incompatible")
	ue := s.cartUserError(b, "setPrint", map[string]any{"photoId": p0.ID, "formatId": s.p30x45}, "format_incompatible")
	if ue.Message != got.Message {
		t.Fatalf("GraphQL says %q, REST %q", ue.Message, got.Message)
	}
	c := s.cartOK(b, "POST", "/formats/"+p0.ID+"/"+p20x30, nil)
	if len(c.Photos) != 1 {
		t.Fatalf("20x30 at 101 dpi: %+v", c.Photos)
	}
	// The same photo as a camera's original: 30x45 makes 270 dpi.
	s.cameraSized(p0)
	if c := s.cartOK(b, "POST", "/formats/"+p0.ID+"/"+s.p30x45, nil); len(c.Photos) != 2 {
		t.Fatalf("30x45 at 270 dpi: %+v", c.Photos)
	}
}
