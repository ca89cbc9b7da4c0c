package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// newAccessEnv serves the demo with e-mail going to a real SMTP server.
func newAccessEnv(t *testing.T) (*env, *mailtest.Server) {
	t.Helper()
	smtp := mailtest.Start(t, "", "")
	e := newEnvWith(t, 2, func(w *wiring) {
		sender, err := mail.New(mail.Options{SMTPURL: smtp.URL, From: "Studio Lumière <studio@example.com>"})
		if err != nil {
			t.Fatal(err)
		}
		w.Mail = sender
	})
	return e, smtp
}

// another returns the same server seen from another browser.
func (e *env) another() *env {
	jar, _ := cookiejar.New(nil)
	o := *e
	o.web = &http.Client{Jar: jar}
	o.do("GET", "/version", nil, nil)
	return &o
}

func (e *env) cookie(name string) *http.Cookie {
	for _, c := range e.web.Jar.Cookies(mustURL(e.srv.URL)) {
		if c.Name == name {
			return c
		}
	}
	return nil
}

type authAnswer struct {
	Email string `json:"email"`
	Auth  struct {
		AccessCodeAuthorized, IsClient, NeedEmail bool
		ConnectedAs                               string
		AccessEmail                               string
	} `json:"auth"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *env) rest(method, path, galleryID string, body any) (int, authAnswer) {
	e.t.Helper()
	res, raw := e.do(method, path, body, map[string]string{"X-Gallery-Id": galleryID})
	var a authAnswer
	_ = json.Unmarshal(raw, &a)
	return res.StatusCode, a
}

var otpRE = regexp.MustCompile(`\b\d{6}\b`)

func TestAccessCodeAndEmailJourneyOverREST(t *testing.T) {
	e, smtp := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	photos := func() int {
		res, _ := e.do("GET", "/api/photos", nil, map[string]string{"X-Gallery-Id": wedding})
		return res.StatusCode
	}
	if code := photos(); code != 401 {
		t.Fatalf("photos before any code: %d", code)
	}
	if code, a := e.rest("POST", "/api/auth/accessCode", wedding, map[string]string{"code": "INVITE-0000"}); code != 401 || a.Code != "invalid_access_code" || a.Message != "Le code saisi est incorrect." {
		t.Fatalf("wrong code: %d %+v", code, a)
	}
	code, a := e.rest("POST", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode})
	if code != 200 || !a.Auth.AccessCodeAuthorized || a.Auth.IsClient || !a.Auth.NeedEmail {
		t.Fatalf("visitor code: %d %+v", code, a)
	}
	// The cookie: 30 days, path /, HttpOnly, SameSite=Lax, no raw code.
	res, _ := e.another().do("POST", "/api/auth/accessCode", map[string]string{"code": seed.DemoVisitorCode}, map[string]string{"X-Gallery-Id": wedding})
	var set string
	for _, h := range res.Header.Values("Set-Cookie") {
		if strings.HasPrefix(h, "access_"+wedding+"=") {
			set = h
		}
	}
	for _, want := range []string{"Path=/", "Max-Age=2592000", "HttpOnly", "SameSite=Lax"} {
		if !strings.Contains(set, want) {
			t.Errorf("access cookie %q lacks %s", set, want)
		}
	}
	if strings.Contains(set, seed.DemoVisitorCode) || set == "" {
		t.Errorf("access cookie %q", set)
	}
	// The gallery needs a confirmed e-mail before its photos.
	if code := photos(); code != 401 {
		t.Fatalf("photos before the e-mail: %d", code)
	}
	res, raw := e.do("POST", "/api/auth/email", map[string]string{"email": "Julie@Example.com"}, map[string]string{"X-Gallery-Id": wedding})
	if res.StatusCode != 200 || !strings.Contains(string(raw), `"email":"julie@example.com"`) {
		t.Fatalf("request code: %d %s", res.StatusCode, raw)
	}
	msg := smtp.Wait(t, 1, 10*time.Second)[0]
	otp := otpRE.FindString(msg.Text)
	if otp == "" || msg.To[0] != "julie@example.com" {
		t.Fatalf("mail: %+v", msg)
	}
	if code, a := e.rest("POST", "/api/auth/email/confirm", wedding, map[string]string{"email": "julie@example.com", "code": "12345x"}); code != 401 || a.Code != "invalid_one_time_code" {
		t.Fatalf("wrong one-time code: %d %+v", code, a)
	}
	code, a = e.rest("POST", "/api/auth/email/confirm", wedding, map[string]string{"email": "julie@example.com", "code": otp})
	if code != 200 || a.Auth.NeedEmail || a.Auth.AccessEmail != "julie@example.com" || a.Email != "julie@example.com" {
		t.Fatalf("confirm: %d %+v", code, a)
	}
	if code := photos(); code != 200 {
		t.Fatalf("photos after code and e-mail: %d", code)
	}
	if code, a := e.rest("GET", "/api/auth", "", nil); code != 200 || a.Email != "julie@example.com" {
		t.Fatalf("GET /api/auth: %d %+v", code, a)
	}
	// Upgrading to client: a visitor code is refused, the client code works.
	if code, a := e.rest("POST", "/api/auth/clientCode", wedding, map[string]string{"code": seed.DemoVisitorCode}); code != 403 || a.Message != "Le code saisi n'est pas un code client privilégié" {
		t.Fatalf("visitor code as client code: %d %+v", code, a)
	}
	if code, a := e.rest("POST", "/api/auth/clientCode", wedding, map[string]string{"code": seed.DemoClientCode}); code != 200 || !a.Auth.IsClient || a.Auth.ConnectedAs != "client" {
		t.Fatalf("client code: %d %+v", code, a)
	}
	// Logging out forgets the code and the e-mail.
	if code, a := e.rest("POST", "/api/auth/logout", wedding, nil); code != 200 || a.Auth.AccessCodeAuthorized || a.Email != "" {
		t.Fatalf("logout: %d %+v", code, a)
	}
	if code := photos(); code != 401 {
		t.Fatalf("photos after logout: %d", code)
	}
	if c := e.cookie("access_" + wedding); c != nil {
		t.Fatalf("access cookie kept after logout: %v", c)
	}
}

func TestForgottenClientCodeIsSentOnlyToTheRegisteredAddress(t *testing.T) {
	e, smtp := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	for _, email := range []string{"inconnu@example.com", seed.DemoClientEmail} {
		res, raw := e.do("POST", "/api/auth/recoverClientCode", map[string]string{"email": email}, map[string]string{"X-Gallery-Id": wedding})
		if res.StatusCode != 200 || string(raw) != "{\"sent\":true}\n" {
			t.Fatalf("%s: %d %s", email, res.StatusCode, raw)
		}
	}
	smtp.Wait(t, 1, 10*time.Second)
	time.Sleep(50 * time.Millisecond) // a second message would have arrived by now
	if msgs := smtp.Messages(); len(msgs) != 1 || msgs[0].To[0] != seed.DemoClientEmail || !strings.Contains(msgs[0].Text, seed.DemoClientCode) {
		t.Fatalf("messages: %+v", msgs)
	}
}

func TestAccessOverGraphQL(t *testing.T) {
	e, smtp := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	type payload struct {
		Auth *struct {
			AccessCodeAuthorized, NeedEmail, IsClient bool
		}
		UserErrors []struct{ Code, Message string }
	}
	call := func(mutation, input string, vars map[string]any) payload {
		t.Helper()
		var out map[string]payload
		r := e.graphql(fmt.Sprintf(`mutation($in: %s!) { %s(input: $in) { auth { accessCodeAuthorized needEmail isClient } userErrors { code message } } }`, input, mutation),
			map[string]any{"in": vars}, &out)
		if len(r.Errors) > 0 {
			t.Fatalf("%s: %+v", mutation, r.Errors)
		}
		return out[mutation]
	}
	p := call("enterAccessCode", "EnterAccessCodeInput", map[string]any{"galleryId": wedding, "code": "NOPE-1234"})
	if len(p.UserErrors) != 1 || p.UserErrors[0].Code != "invalid_access_code" || p.Auth.AccessCodeAuthorized {
		t.Fatalf("wrong code: %+v", p)
	}
	p = call("enterAccessCode", "EnterAccessCodeInput", map[string]any{"galleryId": wedding, "code": seed.DemoClientCode})
	if len(p.UserErrors) != 0 || !p.Auth.AccessCodeAuthorized || !p.Auth.IsClient || !p.Auth.NeedEmail {
		t.Fatalf("client code: %+v", p)
	}
	var sent struct {
		RequestEmailCode struct {
			Email      *string
			UserErrors []struct{ Code string }
		}
	}
	e.graphql(`mutation($in: RequestEmailCodeInput!) { requestEmailCode(input: $in) { email userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "email": "pas-une-adresse"}}, &sent)
	if len(sent.RequestEmailCode.UserErrors) != 1 || sent.RequestEmailCode.UserErrors[0].Code != "invalid_email" {
		t.Fatalf("invalid e-mail: %+v", sent)
	}
	e.graphql(`mutation($in: RequestEmailCodeInput!) { requestEmailCode(input: $in) { email userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "email": "tom@example.com"}}, &sent)
	otp := otpRE.FindString(smtp.Wait(t, 1, 10*time.Second)[0].Text)
	p = call("confirmEmail", "ConfirmEmailInput", map[string]any{"galleryId": wedding, "email": "tom@example.com", "code": otp})
	if len(p.UserErrors) != 0 || p.Auth.NeedEmail {
		t.Fatalf("confirm: %+v", p)
	}
	var home struct {
		Me      struct{ Email string }
		Gallery struct {
			Photos struct{ TotalCount int }
		}
	}
	r := e.graphql(`{ me { email } gallery(url: "julie-et-thomas") { photos(first: 10) { totalCount } } }`, nil, &home)
	if len(r.Errors) > 0 || home.Me.Email != "tom@example.com" || home.Gallery.Photos.TotalCount == 0 {
		t.Fatalf("after access: %+v %+v", r.Errors, home)
	}
	p = call("logout", "LogoutInput", map[string]any{"galleryId": wedding})
	if p.Auth.AccessCodeAuthorized {
		t.Fatalf("logout: %+v", p)
	}
	r = e.graphql(`{ gallery(url: "julie-et-thomas") { photos(first: 10) { totalCount } } }`, nil, nil)
	if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "unauthorized" {
		t.Fatalf("photos after logout: %+v", r.Errors)
	}
}

func TestGuessesAreLimitedEvenThroughAliases(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	var b strings.Builder
	b.WriteString("mutation {")
	for i := range 8 {
		fmt.Fprintf(&b, ` g%d: enterAccessCode(input: {galleryId: %q, code: "WRONG-%04d"}) { userErrors { code } }`, i, wedding, i)
	}
	b.WriteString(" }")
	var out map[string]struct{ UserErrors []struct{ Code string } }
	e.graphql(b.String(), nil, &out)
	counts := map[string]int{}
	for _, p := range out {
		counts[p.UserErrors[0].Code]++
	}
	if counts["invalid_access_code"] != 5 || counts["too_many_requests"] != 3 {
		t.Fatalf("8 aliased guesses gave %v, want 5 refusals then 3 limits", counts)
	}
	// The right code must wait too, from this address.
	if code, a := e.rest("POST", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode}); code != 429 || a.Code != "too_many_requests" {
		t.Fatalf("right code while limited: %d %+v", code, a)
	}
}

func TestForgedRequestsAreRefused(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	body := map[string]string{"code": seed.DemoVisitorCode}
	for name, h := range map[string]map[string]string{
		"no XSRF header":          {"X-Gallery-Id": wedding, "X-XSRF-TOKEN": ""},
		"another session's token": {"X-Gallery-Id": wedding, "X-XSRF-TOKEN": e.another().xsrf()},
		"garbage token":           {"X-Gallery-Id": wedding, "X-XSRF-TOKEN": "abc"},
	} {
		res, raw := e.do("POST", "/api/auth/accessCode", body, h)
		if res.StatusCode != 403 || !strings.Contains(string(raw), "xsrf_token_invalid") {
			t.Errorf("%s: %d %s", name, res.StatusCode, raw)
		}
	}
	r := e.graphqlWith(map[string]string{"X-XSRF-TOKEN": ""}, `mutation($in: EnterAccessCodeInput!) { enterAccessCode(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "code": seed.DemoVisitorCode}}, nil)
	if len(r.Errors) != 1 || r.Errors[0].Extensions["code"] != "xsrf_token_invalid" {
		t.Fatalf("GraphQL mutation without the token: %+v", r.Errors)
	}
	// Queries need no token.
	if r := e.graphqlWith(map[string]string{"X-XSRF-TOKEN": ""}, `{ build { version } }`, nil, nil); len(r.Errors) > 0 {
		t.Fatalf("query without the token: %+v", r.Errors)
	}
	// Cross-site requests are refused even with a token (second wall).
	res, raw := e.do("POST", "/api/auth/accessCode", body, map[string]string{"X-Gallery-Id": wedding,
		"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"})
	if res.StatusCode != 403 || !strings.Contains(string(raw), "cross_origin_refused") {
		t.Fatalf("cross-site: %d %s", res.StatusCode, raw)
	}
	// Nothing was opened by the refused requests.
	if c := e.cookie("access_" + wedding); c != nil {
		t.Fatal("a refused request set the access cookie")
	}
}

func TestPreviewLinks(t *testing.T) {
	e, _ := newAccessEnv(t)
	token, _ := e.token()
	wedding := e.galleryID("julie-et-thomas")
	var out struct {
		CreatePreviewLink struct {
			PreviewHash, URL string
			UserErrors       []any
		}
	}
	e.graphqlWith(bearer(token), `mutation($in: CreatePreviewLinkInput!) { createPreviewLink(input: $in) { previewHash url userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "days": 2}}, &out)
	hash := out.CreatePreviewLink.PreviewHash
	if hash == "" || !strings.Contains(out.CreatePreviewLink.URL, "/julie-et-thomas/preview?previewHash=") {
		t.Fatalf("preview link: %+v", out)
	}
	r := e.graphql(`mutation($in: CreatePreviewLinkInput!) { createPreviewLink(input: $in) { previewHash } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding}}, nil)
	if len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "unauthorized" {
		t.Fatalf("anonymous preview link: %+v", r.Errors)
	}
	// The photographer unpublishes the gallery; the preview still opens it.
	e.graphqlWith(bearer(token), `mutation($in: UpdateGalleryInput!) { updateGallery(input: $in) { userErrors { code } } }`,
		map[string]any{"in": map[string]any{"galleryId": wedding, "settings": map[string]any{"published": false}}}, nil)
	visitor := e.another()
	const q = `query($h: String) { gallery(url: "julie-et-thomas", previewHash: $h) { auth { accessCodeAuthorized } photos(first: 5) { totalCount } } }`
	var seen struct {
		Gallery struct {
			Auth   struct{ AccessCodeAuthorized bool }
			Photos struct{ TotalCount int }
		}
	}
	if r := visitor.graphql(q, map[string]any{"h": hash}, &seen); len(r.Errors) > 0 || !seen.Gallery.Auth.AccessCodeAuthorized || seen.Gallery.Photos.TotalCount == 0 {
		t.Fatalf("preview: %+v %+v", r.Errors, seen)
	}
	for _, bad := range []any{nil, "x" + hash, strings.Replace(hash, ".", ".A", 1)} {
		if r := e.another().graphql(q, map[string]any{"h": bad}, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "gallery_not_found" {
			t.Errorf("hash %v: %+v", bad, r.Errors)
		}
	}
	res, _ := visitor.do("GET", "/api/photos?previewHash="+hash, nil, map[string]string{"X-Gallery-Id": wedding})
	if res.StatusCode != 200 {
		t.Fatalf("REST photos with the preview hash: %d", res.StatusCode)
	}
	// The page's later requests carry no hash: the preview cookie opens
	// the images and node lookups of that gallery, and of no other.
	var first struct {
		Gallery struct {
			Photos struct {
				Edges []struct {
					Node struct {
						ID   string
						URLs struct{ Thumbnail string } `json:"urls"`
					}
				}
			}
		}
	}
	visitor.graphql(`query($h: String) { gallery(url: "julie-et-thomas", previewHash: $h) { photos(first: 1) { edges { node { id urls { thumbnail } } } } } }`,
		map[string]any{"h": hash}, &first)
	p := first.Gallery.Photos.Edges[0].Node
	if code := visitor.status("GET", p.URLs.Thumbnail, nil); code != 200 {
		t.Fatalf("thumbnail in preview: %d", code)
	}
	var node struct{ Node *struct{ ID string } }
	if r := visitor.graphql(`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": p.ID}, &node); len(r.Errors) > 0 || node.Node == nil {
		t.Fatalf("node in preview: %+v", r.Errors)
	}
	stranger := e.another()
	if code := stranger.status("GET", p.URLs.Thumbnail, nil); code == 200 {
		t.Fatal("a browser without the preview got the thumbnail")
	}
	gala := e.galleryID("gala-2026")
	stranger.web.Jar.SetCookies(mustURL(e.srv.URL), []*http.Cookie{{Name: "preview_" + gala, Value: hash, Path: "/"}})
	if code := stranger.status("GET", p.URLs.Thumbnail, nil); code == 200 {
		t.Fatal("a preview cookie renamed for another gallery opened this one")
	}
}

func TestGraphQLLimits(t *testing.T) {
	e := newEnv(t, 1)
	deep := `{ gallery(url: "gala-2026") { prices { formats { family { category { name } } } } photos(first: 1) { edges { node { urls { thumbnail } } } } } }`
	if r := e.graphql(deep, nil, nil); len(r.Errors) > 0 {
		t.Fatalf("a normal query: %+v", r.Errors)
	}
	// Fragments count where they are spread.
	q := `fragment F on Format { family { category { name } } }
{ gallery(url: "gala-2026") { availablePacks { formats { format { ...F } } digitalFiles { format { ...F } } } } }`
	if r := e.graphql(q, nil, nil); len(r.Errors) > 0 {
		t.Fatalf("fragments: %+v", r.Errors)
	}
	if r := e.graphql(`{ gallery(url: "gala-2026") { eventNam } }`, nil, nil); len(r.Errors) == 0 || strings.Contains(r.Errors[0].Message, "Did you mean") {
		t.Fatalf("suggestions: %+v", r.Errors)
	}
	huge := "{ " + strings.Repeat("build { version } ", 4000) + "}"
	if r := e.graphql(huge, nil, nil); len(r.Errors) == 0 {
		t.Fatal("a document over the token limit was parsed")
	}
}

func mustURL(raw string) *url.URL {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	return u
}

// TestAVisitorsEMailSpeaksTheRequestsLanguage: through a real SMTP server,
// the client-code e-mail is multipart (text, then HTML) and written in the
// language the request named, else the gallery's default.
func TestAVisitorsEMailSpeaksTheRequestsLanguage(t *testing.T) {
	e, smtp := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	e.db.Client.Gallery.UpdateOneID(wedding).SetLanguage("en").ExecX(viewer.SystemContext(context.Background()))
	for i, c := range []struct{ accept, subject, text string }{
		{"nl-BE,nl;q=0.9", "Uw klantencode voor", "Uw klantencode voor de galerij"},
		{"de-DE", "Your client code for", "Your client code for the gallery"},
	} {
		res, raw := e.do("POST", "/api/auth/recoverClientCode", map[string]string{"email": seed.DemoClientEmail},
			map[string]string{"X-Gallery-Id": wedding, "Accept-Language": c.accept})
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", c.accept, res.StatusCode, raw)
		}
		m := smtp.Wait(t, i+1, 10*time.Second)[i]
		if !strings.HasPrefix(m.Subject, c.subject) || !strings.Contains(m.Text, c.text) || !strings.Contains(m.Text, seed.DemoClientCode) ||
			!strings.Contains(m.HTML, seed.DemoClientCode) || !strings.Contains(m.HTML, `<html lang="`) {
			t.Errorf("%s: %q\n%s\n%s", c.accept, m.Subject, m.Text, m.HTML)
		}
		if ct := m.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") {
			t.Errorf("Content-Type %q", ct)
		}
	}
}
