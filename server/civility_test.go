package server_test

import (
	"testing"
)

// Issue 20: the civilité is optional. An address without one (« Non
// précisé ») is accepted and kept empty; a title other than Monsieur or
// Madame is still refused.
func TestAddressWithoutCivility(t *testing.T) {
	s := newCartEnv(t)
	anne := s.person("anne@example.com", "", "")
	s.cartOK(anne, "POST", "/formats/"+s.photos[0].ID+"/"+s.p10x15, nil)

	billing := cartAddress("BE")
	billing["title"] = "Docteur"
	s.refusal(anne, "POST", "/address", map[string]any{"billing": billing}, 400, "invalid_input")

	delete(billing, "title")
	c := s.cartOK(anne, "POST", "/address", map[string]any{"billing": billing})
	if cd := c.ClientData; cd == nil || cd.Billing.Country != "BE" {
		t.Fatalf("client data = %+v", c.ClientData)
	}
	var q struct {
		Cart struct {
			ClientData struct {
				Billing struct{ Title, Lastname string }
			}
		}
	}
	r := anne.graphql(`query($g: ID!) { cart(galleryId: $g) { clientData { billing { title lastname } } } }`, map[string]any{"g": s.gala}, &q)
	if len(r.Errors) > 0 || q.Cart.ClientData.Billing.Title != "" || q.Cart.ClientData.Billing.Lastname != "Martin" {
		t.Fatalf("billing = %+v %+v", r.Errors, q.Cart.ClientData.Billing)
	}

	// The GraphQL door too, with an empty title.
	billing["title"] = ""
	s.cartDone(anne, "setClientData", map[string]any{"billing": billing, "sameAsBilling": true, "deliveryOption": "shipping"})
}
