package server

import (
	"net/http"
	"strings"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/viewer"
)

// Refusals of forged requests.
var (
	errXSRF        = apperr.New("xsrf_token_invalid", http.StatusForbidden, "xsrf_token_invalid")
	errCrossOrigin = apperr.New("cross_origin_refused", http.StatusForbidden, "cross_origin_refused")
)

// withXSRF gives the browser its anti-forgery token (the XSRF-TOKEN cookie,
// readable by the page, tied to the session) and records whether the
// request proved it comes from the site: the X-XSRF-TOKEN header matches,
// or it carries a bearer token, or it is the playground (photographer
// session cookie with X-Requested-With, which cross-site pages cannot send).
func (s *Server) withXSRF(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v := viewer.FromContext(r.Context())
		want, echoed := s.Access.XSRF(v.SessionKey, r.Header.Get(access.XSRFHeader))
		if c, err := r.Cookie(access.XSRFCookie); err != nil || c.Value != want {
			http.SetCookie(w, &http.Cookie{Name: access.XSRFCookie, Value: want, Path: "/",
				SameSite: http.SameSiteLaxMode, Secure: s.secure(r), MaxAge: 365 * 24 * 3600})
		}
		v.XSRFOK = echoed ||
			(v.PhotographerID != "" && r.Header.Get("Authorization") != "") ||
			(v.PhotographerID != "" && r.Header.Get(requestedWithHeader) != "")
		next.ServeHTTP(w, r)
	})
}

// requireXSRF refuses REST calls that change something without the
// anti-forgery proof. POST /api/core/getData only reads.
func (s *Server) requireXSRF(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			// Providers' webhooks prove themselves by their signature.
			if r.URL.Path != "/api/core/getData" && !strings.HasPrefix(r.URL.Path, "/api/payments/webhook/") &&
				!viewer.FromContext(r.Context()).XSRFOK {
				writeError(w, r, s.Log, errXSRF)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// authJSON is the auth state of one gallery, as REST shows it.
type authJSON struct {
	AccessCodeAuthorized bool   `json:"accessCodeAuthorized"`
	IsClient             bool   `json:"isClient"`
	IsPhotographer       bool   `json:"isPhotographer"`
	AccessEmail          string `json:"accessEmail"`
	ConnectedAs          string `json:"connectedAs"`
	NeedEmail            bool   `json:"needEmail"`
	// ReadOnly: a preview link opens the gallery beyond the visitor's own
	// credentials; actions are refused with preview_read_only.
	ReadOnly bool `json:"readOnly"`
}

func newAuthJSON(st gallery.State) authJSON {
	return authJSON{AccessCodeAuthorized: st.AccessCodeAuthorized, IsClient: st.IsClient, IsPhotographer: st.IsPhotographer,
		AccessEmail: st.Email, ConnectedAs: st.ConnectedAs, NeedEmail: st.NeedEmail, ReadOnly: st.ReadOnly}
}

// authAnswer is what the access calls answer: the e-mail and, when the
// request names a gallery, the state there.
type authAnswer struct {
	Email string    `json:"email"`
	Auth  *authJSON `json:"auth,omitempty"`
}

func (s *Server) answerAuth(w http.ResponseWriter, r *http.Request, g *ent.Gallery) {
	a := authAnswer{Email: viewer.FromContext(r.Context()).Email}
	if g != nil {
		st := newAuthJSON(gallery.Access(r.Context(), g))
		a.Auth = &st
	}
	writeJSON(w, http.StatusOK, a)
}

// restAuth is GET /api/auth: the current e-mail, and the state in the
// gallery named by X-Gallery-Id when there is one.
func (s *Server) restAuth(w http.ResponseWriter, r *http.Request) {
	var g *ent.Gallery
	if r.Header.Get(galleryHeader) != "" {
		var err error
		if g, err = s.galleryFromHeader(r); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
	}
	s.answerAuth(w, r, g)
}

// restEnterCode is POST /api/auth/accessCode (and /api/auth/clientCode for
// the privileged-client dialog). Body {"code", "captchaId", "captchaText"}:
// the captcha only once the gallery asked for it (captcha_required, whose
// body carries the captcha to copy).
func (s *Server) restEnterCode(clientOnly bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Code        string `json:"code"`
			CaptchaID   string `json:"captchaId"`
			CaptchaText string `json:"captchaText"`
		}
		g, ok := s.galleryAndBody(w, r, &body)
		if !ok {
			return
		}
		in := access.CodeInput{Code: body.Code, CaptchaID: body.CaptchaID, CaptchaText: body.CaptchaText}
		if err := s.Access.EnterCode(r.Context(), g, in, clientOnly); err != nil {
			writeError(w, r, s.Log, err)
			return
		}
		s.answerAuth(w, r, g)
	}
}

// restRecoverClientCode is POST /api/auth/recoverClientCode. Body
// {"email": "..."}; the answer is the same whether the address is known.
func (s *Server) restRecoverClientCode(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Email string `json:"email"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	if err := s.Access.RecoverClientCode(r.Context(), g, viewer.FromContext(r.Context()).ClientAddr, body.Email); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sent": true})
}

// restRequestEmailCode is POST /api/auth/email. Body {"email": "..."}.
func (s *Server) restRequestEmailCode(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Email string `json:"email"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	email, err := access.NormalizeEmail(body.Email)
	if err == nil {
		err = s.Access.SendEmailCode(r.Context(), g, viewer.FromContext(r.Context()).ClientAddr, email)
	}
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": email})
}

// restConfirmEmail is POST /api/auth/email/confirm. Body {"email", "code"}.
func (s *Server) restConfirmEmail(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Email string `json:"email"`
		Code  string `json:"code"`
	}
	g, ok := s.galleryAndBody(w, r, &body)
	if !ok {
		return
	}
	if err := s.Access.ConfirmAndRemember(r.Context(), g, body.Email, body.Code); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.answerAuth(w, r, g)
}

// restLogout is POST /api/auth/logout: the gallery's access and the
// confirmed e-mail are forgotten.
func (s *Server) restLogout(w http.ResponseWriter, r *http.Request) {
	g, ok := s.galleryAndBody(w, r, nil)
	if !ok {
		return
	}
	if err := s.Access.Logout(r.Context(), g); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.answerAuth(w, r, g)
}

// galleryAndBody reads the gallery named by X-Gallery-Id and the JSON body.
func (s *Server) galleryAndBody(w http.ResponseWriter, r *http.Request, body any) (*ent.Gallery, bool) {
	g, err := s.galleryFromHeader(r)
	if err == nil && body != nil {
		err = decodeJSON(r, body)
	}
	if err != nil {
		writeError(w, r, s.Log, err)
		return nil, false
	}
	return g, true
}
