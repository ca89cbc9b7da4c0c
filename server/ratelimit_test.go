package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/mail/mailtest"
	"github.com/studio/gallery/internal/seed"
	"github.com/studio/gallery/internal/viewer"
)

// behindProxy: the test server is reached through a reverse proxy on the
// loopback, which names the client in X-Forwarded-For.
var behindProxy = map[string]string{"TRUSTED_PROXIES": "127.0.0.1/32, ::1"}

// newAccessEnvConfig is newAccessEnv with settings.
func newAccessEnvConfig(t *testing.T, settings map[string]string) (*env, *mailtest.Server) {
	t.Helper()
	smtp := mailtest.Start(t, "", "")
	e := newEnvConfig(t, 2, settings, func(w *wiring) {
		sender, err := mail.New(mail.Options{SMTPURL: smtp.URL, From: "Studio Lumière <studio@example.com>"})
		if err != nil {
			t.Fatal(err)
		}
		w.Mail = sender
	})
	return e, smtp
}

// restAnswer is a REST answer with what the limits add to errors.
type restAnswer struct {
	Status     int
	RetryAfter string // the header
	Code       string `json:"code"`
	Body       struct {
		RetryAfter int `json:"retryAfter"`
		Captcha    *struct {
			ID       string `json:"_id"`
			ImageURL string `json:"imageUrl"`
		} `json:"captcha"`
		Auth *struct{ AccessCodeAuthorized bool } `json:"auth"`
	}
}

// restFrom posts body to path for gallery, as the client at addr (the
// X-Forwarded-For the proxy, or a forger, sends; "" sends none).
func (e *env) restFrom(addr, path, galleryID string, body any) restAnswer {
	e.t.Helper()
	res, raw := e.do("POST", path, body, map[string]string{"X-Gallery-Id": galleryID, "X-Forwarded-For": addr})
	a := restAnswer{Status: res.StatusCode, RetryAfter: res.Header.Get("Retry-After")}
	_ = json.Unmarshal(raw, &a)
	_ = json.Unmarshal(raw, &a.Body)
	return a
}

// gqlFrom runs a GraphQL document as the client at addr.
func (e *env) gqlFrom(addr, query string, vars map[string]any, into any) gqlResponse {
	e.t.Helper()
	_, body := e.do("POST", "/graphql", map[string]any{"query": query, "variables": vars}, map[string]string{"X-Forwarded-For": addr})
	var r gqlResponse
	if err := json.Unmarshal(body, &r); err != nil {
		e.t.Fatalf("graphql answer %s: %v", body, err)
	}
	if len(r.Errors) > 0 {
		e.t.Fatalf("graphql errors: %+v", r.Errors)
	}
	if into != nil {
		if err := json.Unmarshal(r.Data, into); err != nil {
			e.t.Fatal(err)
		}
	}
	return r
}

type userError struct {
	Code       string
	RetryAfter *int
}

type accessPayload struct {
	Auth       *struct{ AccessCodeAuthorized bool }
	UserErrors []userError
	Captcha    *struct{ ID, ImageURL string }
}

const enterCodeMutation = `mutation($in: EnterAccessCodeInput!) { enterAccessCode(input: $in) {
	auth { accessCodeAuthorized } userErrors { code retryAfter } captcha { id imageUrl } } }`

func (e *env) enterCodeGQL(addr string, in map[string]any) accessPayload {
	e.t.Helper()
	var out struct{ EnterAccessCode accessPayload }
	e.gqlFrom(addr, enterCodeMutation, map[string]any{"in": in}, &out)
	return out.EnterAccessCode
}

const requestCodeMutation = `mutation($in: RequestEmailCodeInput!) { requestEmailCode(input: $in) { email userErrors { code retryAfter } } }`

func (e *env) requestCodeGQL(addr, galleryID, email string) []userError {
	e.t.Helper()
	var out struct {
		RequestEmailCode struct{ UserErrors []userError }
	}
	e.gqlFrom(addr, requestCodeMutation, map[string]any{"in": map[string]any{"galleryId": galleryID, "email": email}}, &out)
	return out.RequestEmailCode.UserErrors
}

// captchaAnswer reads a captcha's digits, as the e2e tests' "gallery
// captcha answer" command does.
func (e *env) captchaAnswer(id string) string {
	e.t.Helper()
	c, err := e.db.Client.Captcha.Get(viewer.SystemContext(context.Background()), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return c.Digits
}

// checkRetryAfter asserts a REST 429 says how long to wait, in the header
// and the body.
func checkRetryAfter(t *testing.T, what string, a restAnswer) {
	t.Helper()
	secs, err := strconv.Atoi(a.RetryAfter)
	if a.Status != http.StatusTooManyRequests || a.Code != "too_many_requests" || err != nil || secs < 1 || a.Body.RetryAfter != secs {
		t.Fatalf("%s: %d %q Retry-After %q body retryAfter %d, want 429 too_many_requests with matching Retry-After",
			what, a.Status, a.Code, a.RetryAfter, a.Body.RetryAfter)
	}
}

// TestSpoofedForwardedForChangesNothing: without trusted proxies, a client
// rotating X-Forwarded-For (or X-Real-IP) is still one address: no new
// budget of guesses, and the right code waits like any other.
func TestSpoofedForwardedForChangesNothing(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	for i := range 5 {
		if a := e.restFrom(fmt.Sprintf("198.51.100.%d", i), "/api/auth/accessCode", wedding, map[string]string{"code": "WRONG-0000"}); a.Status != 401 {
			t.Fatalf("wrong code %d: %d %s", i, a.Status, a.Code)
		}
	}
	a := e.restFrom("203.0.113.77", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode})
	checkRetryAfter(t, "right code from a spoofed new address (REST)", a)
	res, raw := e.do("POST", "/api/auth/accessCode", map[string]string{"code": seed.DemoVisitorCode},
		map[string]string{"X-Gallery-Id": wedding, "X-Real-IP": "203.0.113.78", "True-Client-IP": "203.0.113.79"})
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("X-Real-IP / True-Client-IP: %d %s", res.StatusCode, raw)
	}
	p := e.enterCodeGQL("203.0.113.80", map[string]any{"galleryId": wedding, "code": seed.DemoVisitorCode})
	if len(p.UserErrors) != 1 || p.UserErrors[0].Code != "too_many_requests" || p.UserErrors[0].RetryAfter == nil || *p.UserErrors[0].RetryAfter < 1 || p.Auth.AccessCodeAuthorized {
		t.Fatalf("right code from a spoofed new address (GraphQL): %+v", p)
	}
}

// TestTrustedProxyChainNamesTheClient: behind trusted proxies, the client
// is the right-most address of X-Forwarded-For that is not a proxy; what
// the client wrote left of it does not matter.
func TestTrustedProxyChainNamesTheClient(t *testing.T) {
	e, _ := newAccessEnvConfig(t, map[string]string{"TRUSTED_PROXIES": "127.0.0.1/32,::1,10.0.0.0/8"})
	wedding := e.galleryID("julie-et-thomas")
	for i := range 5 {
		chain := fmt.Sprintf("192.0.2.%d, 203.0.113.9, 10.1.2.3", i) // forged, client, inner proxy
		if a := e.restFrom(chain, "/api/auth/accessCode", wedding, map[string]string{"code": "WRONG-0000"}); a.Status != 401 {
			t.Fatalf("wrong code %d: %d %s", i, a.Status, a.Code)
		}
	}
	a := e.restFrom("192.0.2.200, 203.0.113.9, 10.1.2.3", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode})
	checkRetryAfter(t, "same client, other forged hop", a)
	// Another client through the same proxies is another address.
	if a := e.restFrom("192.0.2.1, 203.0.113.10, 10.1.2.3", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode}); a.Status != 200 {
		t.Fatalf("another client: %d %s", a.Status, a.Code)
	}
}

// TestWrongCodesElsewhereDoNotLockOutAGuest: 3 addresses x 6 wrong codes,
// then a guest with the right code from a fourth address gets in, after a
// captcha, through both doors.
func TestWrongCodesElsewhereDoNotLockOutAGuest(t *testing.T) {
	e, _ := newAccessEnvConfig(t, behindProxy)
	wedding := e.galleryID("julie-et-thomas")
	for _, addr := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.3"} {
		for i := range 6 {
			a := e.restFrom(addr, "/api/auth/accessCode", wedding, map[string]string{"code": fmt.Sprintf("WRONG-%04d", i)})
			// Past the gallery's threshold the wrong codes need a captcha too.
			if a.Status != 401 && a.Status != 429 && a.Code != "captcha_required" {
				t.Fatalf("%s wrong code %d: %d %s", addr, i, a.Status, a.Code)
			}
		}
	}

	// REST: the right code asks for a captcha, a wrong answer for another.
	guest := e.another()
	a := guest.restFrom("203.0.113.4", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode})
	if a.Status != 400 || a.Code != "captcha_required" || a.Body.Captcha == nil || a.Body.Captcha.ImageURL == "" {
		t.Fatalf("right code from a 4th address: %d %s %+v", a.Status, a.Code, a.Body.Captcha)
	}
	if res, raw := guest.do("GET", a.Body.Captcha.ImageURL, nil, nil); res.StatusCode != 200 || !strings.HasPrefix(string(raw), "\x89PNG") {
		t.Fatalf("captcha image: %d", res.StatusCode)
	}
	a = guest.restFrom("203.0.113.4", "/api/auth/accessCode", wedding, map[string]any{"code": seed.DemoVisitorCode,
		"captchaId": a.Body.Captcha.ID, "captchaText": "000000x"})
	if a.Status != 400 || a.Code != "captcha_invalid" || a.Body.Captcha == nil {
		t.Fatalf("wrong captcha answer: %d %s", a.Status, a.Code)
	}
	a = guest.restFrom("203.0.113.4", "/api/auth/accessCode", wedding, map[string]any{"code": seed.DemoVisitorCode,
		"captchaId": a.Body.Captcha.ID, "captchaText": guest.captchaAnswer(a.Body.Captcha.ID)})
	if a.Status != 200 || a.Body.Auth == nil || !a.Body.Auth.AccessCodeAuthorized {
		t.Fatalf("right code with the captcha: %d %s", a.Status, a.Code)
	}

	// GraphQL: the same, from a fifth address.
	other := e.another()
	p := other.enterCodeGQL("203.0.113.5", map[string]any{"galleryId": wedding, "code": seed.DemoVisitorCode})
	if len(p.UserErrors) != 1 || p.UserErrors[0].Code != "captcha_required" || p.Captcha == nil || p.Auth.AccessCodeAuthorized {
		t.Fatalf("GraphQL right code from a 5th address: %+v", p)
	}
	p = other.enterCodeGQL("203.0.113.5", map[string]any{"galleryId": wedding, "code": seed.DemoVisitorCode,
		"captchaId": p.Captcha.ID, "captchaText": other.captchaAnswer(p.Captcha.ID)})
	if len(p.UserErrors) != 0 || !p.Auth.AccessCodeAuthorized {
		t.Fatalf("GraphQL right code with the captcha: %+v", p)
	}
	// A wrong code with a solved captcha is still a wrong code.
	p = other.enterCodeGQL("203.0.113.6", map[string]any{"galleryId": wedding, "code": "WRONG-9999"})
	p = other.enterCodeGQL("203.0.113.6", map[string]any{"galleryId": wedding, "code": "WRONG-9999",
		"captchaId": p.Captcha.ID, "captchaText": other.captchaAnswer(p.Captcha.ID)})
	if len(p.UserErrors) != 1 || p.UserErrors[0].Code != "invalid_access_code" {
		t.Fatalf("wrong code with the captcha: %+v", p)
	}
}

// TestGuestsOnOneAddressAllGetTheirCodes: thirty guests on the venue's
// Wi-Fi (one address) each ask for their one-time code; every one is sent.
func TestGuestsOnOneAddressAllGetTheirCodes(t *testing.T) {
	e, smtp := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	for i := range 30 {
		email := fmt.Sprintf("invite%d@example.com", i)
		if i%2 == 0 {
			if a := e.restFrom("", "/api/auth/email", wedding, map[string]string{"email": email}); a.Status != 200 {
				t.Fatalf("guest %d (REST): %d %s", i, a.Status, a.Code)
			}
		} else if ues := e.requestCodeGQL("", wedding, email); len(ues) != 0 {
			t.Fatalf("guest %d (GraphQL): %+v", i, ues)
		}
	}
	if msgs := smtp.Wait(t, 30, 20*time.Second); len(msgs) != 30 {
		t.Fatalf("%d codes sent, want 30", len(msgs))
	}
}

// TestRecipientCannotBeFlooded: one inbox asked for from rotating
// addresses gets 3 codes; the rest are refused with a wait, in both doors.
func TestRecipientCannotBeFlooded(t *testing.T) {
	e, smtp := newAccessEnvConfig(t, behindProxy)
	wedding := e.galleryID("julie-et-thomas")
	sent := 0
	for i := range 10 {
		addr := fmt.Sprintf("198.51.100.%d", i+1)
		if i%2 == 0 {
			a := e.restFrom(addr, "/api/auth/email", wedding, map[string]string{"email": "victim@example.com"})
			if a.Status == 200 {
				sent++
				continue
			}
			checkRetryAfter(t, "flood (REST)", a)
		} else {
			ues := e.requestCodeGQL(addr, wedding, "victim@example.com")
			if len(ues) == 0 {
				sent++
				continue
			}
			if ues[0].Code != "too_many_requests" || ues[0].RetryAfter == nil || *ues[0].RetryAfter < 1 {
				t.Fatalf("flood (GraphQL): %+v", ues)
			}
		}
	}
	smtp.Wait(t, sent, 10*time.Second)
	time.Sleep(100 * time.Millisecond) // a further message would have arrived by now
	if sent != 3 || len(smtp.Messages()) != 3 {
		t.Fatalf("%d accepted, %d delivered to the victim, want 3", sent, len(smtp.Messages()))
	}
	// Forgotten-code recovery is capped per recipient too.
	recovered := 0
	for i := range 6 {
		a := e.restFrom(fmt.Sprintf("198.51.100.%d", 50+i), "/api/auth/recoverClientCode", wedding, map[string]string{"email": seed.DemoClientEmail})
		if a.Status == 200 {
			recovered++
		} else {
			checkRetryAfter(t, "recovery flood", a)
		}
	}
	if recovered != 3 {
		t.Fatalf("%d recoveries accepted, want 3", recovered)
	}
}

// TestLimitsAreSharedByReplicas: two servers on one database spend one
// budget of guesses per address.
func TestLimitsAreSharedByReplicas(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	replica := e.plainServer(nil)
	srv := httptest.NewServer(replica.Handler())
	t.Cleanup(srv.Close)
	jar, _ := cookiejar.New(nil)
	other := &env{t: t, db: e.db, media: e.media, srv: srv, web: &http.Client{Jar: jar}, app: replica}
	other.do("GET", "/version", nil, nil)
	for i := range 5 {
		on := e
		if i%2 == 1 {
			on = other
		}
		if a := on.restFrom("", "/api/auth/accessCode", wedding, map[string]string{"code": "WRONG-0000"}); a.Status != 401 {
			t.Fatalf("wrong code %d: %d %s", i, a.Status, a.Code)
		}
	}
	for _, on := range []*env{e, other} {
		checkRetryAfter(t, "6th try on either replica", on.restFrom("", "/api/auth/accessCode", wedding, map[string]string{"code": seed.DemoVisitorCode}))
	}
}

// TestOwnerConfirmsWhileOthersGuess: wrong one-time codes sent from
// another address, through both doors, do not stop the address that asked
// for the code from confirming with it.
func TestOwnerConfirmsWhileOthersGuess(t *testing.T) {
	e, smtp := newAccessEnvConfig(t, behindProxy)
	wedding := e.galleryID("julie-et-thomas")
	const owner, email = "203.0.113.20", "tom@example.com"
	if a := e.restFrom(owner, "/api/auth/email", wedding, map[string]string{"email": email}); a.Status != 200 {
		t.Fatalf("request: %d %s", a.Status, a.Code)
	}
	code := otpRE.FindString(smtp.Wait(t, 1, 10*time.Second)[0].Text)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	attacker := e.another()
	for i := range 12 {
		addr := fmt.Sprintf("198.51.100.%d", 1+i%2)
		if i%2 == 0 {
			a := attacker.restFrom(addr, "/api/auth/email/confirm", wedding, map[string]string{"email": email, "code": wrong})
			if a.Status != 401 && a.Status != 429 {
				t.Fatalf("guess %d: %d %s", i, a.Status, a.Code)
			}
			if a.Status == 429 {
				checkRetryAfter(t, "guess", a)
			}
			continue
		}
		var out struct{ ConfirmEmail accessPayload }
		attacker.gqlFrom(addr, `mutation($in: ConfirmEmailInput!) { confirmEmail(input: $in) { userErrors { code retryAfter } } }`,
			map[string]any{"in": map[string]any{"galleryId": wedding, "email": email, "code": wrong}}, &out)
		if ues := out.ConfirmEmail.UserErrors; len(ues) != 1 || (ues[0].Code != "invalid_one_time_code" && ues[0].Code != "too_many_requests") {
			t.Fatalf("guess %d (GraphQL): %+v", i, ues)
		}
	}
	if a := e.restFrom(owner, "/api/auth/email/confirm", wedding, map[string]string{"email": email, "code": code}); a.Status != 200 {
		t.Fatalf("the owner's code after 12 guesses elsewhere: %d %s", a.Status, a.Code)
	}
}

// TestEvery429SaysHowLongToWait: each limited call answers 429 with
// Retry-After (REST) and retryAfter (GraphQL).
func TestEvery429SaysHowLongToWait(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	until429 := func(what, path string, body func(i int) any) {
		t.Helper()
		for i := range 200 {
			a := e.restFrom("", path, wedding, body(i))
			if a.Status == 429 {
				checkRetryAfter(t, what, a)
				return
			}
		}
		t.Fatalf("%s: never limited", what)
	}
	until429("access code", "/api/auth/accessCode", func(int) any { return map[string]string{"code": "WRONG-0000"} })
	until429("client code", "/api/auth/clientCode", func(int) any { return map[string]string{"code": "WRONG-0000"} })
	until429("one-time code", "/api/auth/email/confirm", func(int) any { return map[string]string{"email": "a@example.com", "code": "000000"} })
	until429("code e-mail", "/api/auth/email", func(int) any { return map[string]string{"email": "b@example.com"} })
	until429("recovery e-mail", "/api/auth/recoverClientCode", func(int) any { return map[string]string{"email": "c@example.com"} })
	until429("captcha", "/api/captcha", func(int) any { return nil })
	// GraphQL: newCaptcha is limited by now too.
	var out struct {
		NewCaptcha struct{ UserErrors []userError }
	}
	e.gqlFrom("", `mutation { newCaptcha { userErrors { code retryAfter } } }`, nil, &out)
	if ues := out.NewCaptcha.UserErrors; len(ues) != 1 || ues[0].Code != "too_many_requests" || ues[0].RetryAfter == nil || *ues[0].RetryAfter < 1 {
		t.Fatalf("newCaptcha: %+v", ues)
	}
}

// TestRacingGuessesGetOneBudget: twenty wrong codes fired at the same
// moment from one address, half through each door, get the 5 free
// attempts between them; the others wait.
func TestRacingGuessesGetOneBudget(t *testing.T) {
	e, _ := newAccessEnv(t)
	wedding := e.galleryID("julie-et-thomas")
	const n = 20
	codes := make(chan string, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if i%2 == 0 {
				res, raw := e.do("POST", "/api/auth/accessCode", map[string]string{"code": "WRONG-0000"}, map[string]string{"X-Gallery-Id": wedding})
				var a struct{ Code string }
				_ = json.Unmarshal(raw, &a)
				if res.StatusCode == 429 && res.Header.Get("Retry-After") == "" {
					a.Code = "429 without Retry-After"
				}
				codes <- a.Code
				return
			}
			_, raw := e.do("POST", "/graphql", map[string]any{"query": enterCodeMutation,
				"variables": map[string]any{"in": map[string]any{"galleryId": wedding, "code": "WRONG-0000"}}}, nil)
			var out struct {
				Data struct{ EnterAccessCode accessPayload }
			}
			_ = json.Unmarshal(raw, &out)
			if ues := out.Data.EnterAccessCode.UserErrors; len(ues) == 1 {
				codes <- ues[0].Code
				return
			}
			codes <- string(raw)
		}()
	}
	close(start)
	wg.Wait()
	close(codes)
	counts := map[string]int{}
	for c := range codes {
		counts[c]++
	}
	if counts["invalid_access_code"] != 5 || counts["too_many_requests"] != n-5 {
		t.Fatalf("%d racing guesses gave %v, want 5 invalid_access_code and %d too_many_requests", n, counts, n-5)
	}
}
