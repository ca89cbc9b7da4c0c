package server_test

import (
	"encoding/json"
	"testing"
)

// TestErrorMessagesInTheRequestLanguage: both doors render a refusal's
// message in the request's language (Accept-Language), French when it
// names none the product speaks; the code stays the same.
func TestErrorMessagesInTheRequestLanguage(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	for _, tc := range []struct{ accept, userError, gqlError string }{
		{"", "L'adresse email saisie n'est pas valide", "Cette galerie est introuvable."},
		{"nl-BE,nl;q=0.9", "Het ingevulde e-mailadres is ongeldig", "Deze galerij bestaat niet."},
		{"en", "The e-mail address entered is not valid", "This gallery cannot be found."},
		{"de", "L'adresse email saisie n'est pas valide", "Cette galerie est introuvable."},
	} {
		t.Run(tc.accept, func(t *testing.T) {
			res, body := e.do("POST", "/api/auth/email", map[string]string{"email": "not-an-address"},
				map[string]string{"X-Gallery-Id": wedding, "Accept-Language": tc.accept})
			var rest struct{ Code, Message string }
			if err := json.Unmarshal(body, &rest); err != nil || res.StatusCode != 400 || rest.Code != "invalid_email" || rest.Message != tc.userError {
				t.Fatalf("REST %d %s", res.StatusCode, body)
			}
			_, body = e.do("POST", "/graphql", map[string]any{
				"query":     `mutation($in: RequestEmailCodeInput!) { requestEmailCode(input: $in) { userErrors { code message } } }`,
				"variables": map[string]any{"in": map[string]any{"galleryId": wedding, "email": "not-an-address"}},
			}, map[string]string{"Accept-Language": tc.accept})
			var gql struct {
				Data struct {
					RequestEmailCode struct {
						UserErrors []struct{ Code, Message string }
					}
				}
			}
			if err := json.Unmarshal(body, &gql); err != nil {
				t.Fatal(err)
			}
			if ues := gql.Data.RequestEmailCode.UserErrors; len(ues) != 1 || ues[0].Code != "invalid_email" || ues[0].Message != tc.userError {
				t.Fatalf("GraphQL userErrors: %s", body)
			}
			_, body = e.do("POST", "/graphql", map[string]any{"query": `{ gallery(url: "nowhere") { id } }`},
				map[string]string{"Accept-Language": tc.accept})
			var r gqlResponse
			if err := json.Unmarshal(body, &r); err != nil || len(r.Errors) != 1 || errorCode(r) != "gallery_not_found" || r.Errors[0].Message != tc.gqlError {
				t.Fatalf("GraphQL error: %s", body)
			}
		})
	}

	// A refusal written outside the domain (the upload gate) follows too.
	_, body := e.do("POST", "/graphql", nil, map[string]string{"Content-Type": "multipart/form-data; boundary=x", "Accept-Language": "en"})
	var r gqlResponse
	if err := json.Unmarshal(body, &r); err != nil || len(r.Errors) != 1 || r.Errors[0].Message != "Uploading photos is for the photographer only." {
		t.Fatalf("upload refusal: %s", body)
	}
}

// TestCountryNamesInTheRequestLanguage: the address form's countries come
// named in the request's language at both doors (« België » in Dutch),
// French when it names none the product speaks.
func TestCountryNamesInTheRequestLanguage(t *testing.T) {
	e, _ := newAccessEnv(t)
	for _, tc := range []struct{ accept, be, ch string }{
		{"", "Belgique", "Suisse"}, {"nl-BE,nl;q=0.9", "België", "Zwitserland"}, {"en", "Belgium", "Switzerland"}, {"de", "Belgique", "Suisse"},
	} {
		res, body := e.do("GET", "/api/countries", nil, map[string]string{"Accept-Language": tc.accept})
		var rest []struct{ Code, Name string }
		if err := json.Unmarshal(body, &rest); err != nil || res.StatusCode != 200 {
			t.Fatalf("%q: REST %d %s", tc.accept, res.StatusCode, body)
		}
		_, body = e.do("POST", "/graphql", map[string]any{"query": `{ countries { code name } }`}, map[string]string{"Accept-Language": tc.accept})
		var gql struct {
			Data struct{ Countries []struct{ Code, Name string } }
		}
		if err := json.Unmarshal(body, &gql); err != nil {
			t.Fatal(err)
		}
		for door, list := range map[string][]struct{ Code, Name string }{"REST": rest, "GraphQL": gql.Data.Countries} {
			names := map[string]string{}
			for _, c := range list {
				names[c.Code] = c.Name
			}
			if len(list) != 250 || names["BE"] != tc.be || names["CH"] != tc.ch {
				t.Errorf("%q %s: %d countries, BE %q, CH %q", tc.accept, door, len(list), names["BE"], names["CH"])
			}
		}
	}
}
