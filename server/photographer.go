package server

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/websocket"

	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/viewer"
)

// photographerCookie holds a signed playground session (photographer.Sessions).
const photographerCookie = photographer.SessionCookie

// Non-simple headers: a cross-site page cannot send them without a CORS
// preflight, which this server does not grant. A request authenticated by
// the photographer cookie alone must carry one of them to change anything.
const (
	requestedWithHeader = "X-Requested-With"
	xsrfHeader          = "X-XSRF-TOKEN"
)

// maxUploadMemory is how much of a GraphQL multipart request
// (uploadPhotos) is held in memory before spilling to disk. The whole
// request is bounded by MAX_UPLOAD_REQUEST_BYTES, each file by the photo
// service (MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_PIXELS).
const maxUploadMemory = 32 << 20

// withPhotographer recognises the photographer behind a request:
//
//   - Authorization: Bearer <token>. A malformed, unknown or revoked token
//     is refused with 401 (invalid_token, revoked_token), never ignored.
//   - The photographer_session cookie set by the studio's sign-in or by
//     /playground?token=. It counts on safe requests (GET, HEAD) outside
//     /graphql and on websocket upgrades (origin-checked), and elsewhere
//     only with X-Requested-With or X-XSRF-TOKEN, which a cross-site form
//     cannot send. The cookie names a session row (photographer.Sessions):
//     signing out ends it, and so does revoking the token a playground
//     session was opened with.
func (s *Server) withPhotographer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		v := viewer.FromContext(ctx)
		if h := r.Header.Get("Authorization"); h != "" {
			scheme, token, _ := strings.Cut(h, " ")
			if !strings.EqualFold(scheme, "Bearer") {
				s.refuseToken(w, r, photographer.ErrInvalidToken.WithMessage("authorization_header", nil))
				return
			}
			_, pid, err := s.Tokens.Authenticate(ctx, strings.TrimSpace(token))
			if err != nil {
				s.refuseToken(w, r, err)
				return
			}
			v.PhotographerID = pid
		} else if c, err := r.Cookie(photographerCookie); err == nil && cookieMayAuthenticate(r) {
			pid, sid, err := s.Sessions.Verify(ctx, c.Value)
			switch {
			case err == nil:
				v.PhotographerID = pid
				ctx = photographer.WithSession(ctx, sid)
				r = r.WithContext(ctx)
			case apperr.As(err) != nil:
				clearPhotographerCookie(w) // ended session, revoked token
			default:
				writeError(w, r, s.Log, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// cookieMayAuthenticate is the cross-site rule of the photographer cookie.
// A websocket upgrade counts too: the handshake accepts only this site's
// and ALLOWED_ORIGINS' pages (gorillaWS.originAllowed), so a cross-site
// page cannot subscribe with the cookie (the studio follows its uploads).
func cookieMayAuthenticate(r *http.Request) bool {
	if r.Header.Get(requestedWithHeader) != "" || r.Header.Get(xsrfHeader) != "" {
		return true
	}
	if websocket.IsWebSocketUpgrade(r) {
		return true
	}
	safe := r.Method == http.MethodGet || r.Method == http.MethodHead
	return safe && r.URL.Path != "/graphql"
}

// refuseToken answers 401 with the token error's code (invalid_token,
// revoked_token); a database failure is a 500.
func (s *Server) refuseToken(w http.ResponseWriter, r *http.Request, err error) {
	if ae := apperr.As(err); ae != nil && ae.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="galerie", error="invalid_token"`)
	}
	writeError(w, r, s.Log, err)
}

// setPhotographerCookie sets the session cookie of a session just opened.
func setPhotographerCookie(w http.ResponseWriter, o photographer.Opened, secure bool) {
	http.SetCookie(w, &http.Cookie{Name: photographerCookie, Value: o.Value, Path: "/",
		Expires: o.Expires, MaxAge: int(time.Until(o.Expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: secure})
}

func clearPhotographerCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: photographerCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteStrictMode})
}

// playgroundPage is GraphiQL's page in the built client
// (client/playground.html, built by client/vite.playground.config.ts).
const playgroundPage = "playground.html"

// playgroundNonce is the placeholder of the page's nonce in playground.html
// (html.cspNonce in client/vite.playground.config.ts).
const playgroundNonce = "GALERIE_CSP_NONCE"

// playgroundCSP keeps the playground's page and everything it loads or
// calls on this server: its scripts, styles and GraphiQL's fonts (data: URLs
// inside its CSS) come from the client build, its requests go to /graphql
// ('self' covers the same host's ws: and wss: for subscriptions). No script
// runs inline or from a string (no 'unsafe-inline', no 'unsafe-eval'), and
// no inline style but the <style> elements GraphiQL's dialogs add with the
// page's nonce (react-remove-scroll, given the nonce by the page's entry).
func playgroundCSP(nonce string) string {
	return "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-" + nonce + "'; " +
		"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; " +
		"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// playgroundHandler serves GraphiQL to the photographer. A browser opens
// /playground?token=<token> once: the token is checked, exchanged for the
// signed session cookie, and the address is replaced by /playground so the
// token leaves the address bar and the history. GraphiQL then sends
// X-Requested-With with every request, so the cookie is accepted. The page
// is the client build's playground.html: GraphiQL, its styles and fonts are
// in the binary, and no request leaves this server (playgroundCSP).
func (s *Server) playgroundHandler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		ctx := r.Context()
		if token := r.URL.Query().Get("token"); token != "" {
			tokenID, pid, err := s.Tokens.Authenticate(ctx, token)
			if err != nil {
				if apperr.As(err) == nil {
					s.Log.Error("playground: token", "err", err)
				}
				s.playgroundRefusal(w, r, "token_invalid_or_revoked")
				return
			}
			opened, err := s.Sessions.Open(ctx, pid, photographer.MethodToken, tokenID, r.UserAgent())
			if err != nil {
				writeError(w, r, s.Log, err)
				return
			}
			setPhotographerCookie(w, opened, s.secure(r))
			http.Redirect(w, r, "/playground", http.StatusSeeOther)
			return
		}
		if viewer.FromContext(ctx).PhotographerID == "" {
			s.playgroundRefusal(w, r, "playground_photographer_only")
			return
		}
		s.servePlaygroundPage(w, r)
	}
}

// servePlaygroundPage writes GraphiQL's page from the client build, with a
// new nonce for its inline styles (the page is never cached: no-store).
func (s *Server) servePlaygroundPage(w http.ResponseWriter, r *http.Request) {
	var page []byte
	err := fs.ErrNotExist
	if s.Web != nil {
		page, err = fs.ReadFile(s.Web, playgroundPage)
	}
	if errors.Is(err, fs.ErrNotExist) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>GraphiQL</title>` +
			`<p>Le client n'est pas compilé : lancez <code>make build</code> ou <code>make run</code>.</p></html>`))
		return
	}
	if err != nil {
		writeError(w, r, s.Log, fmt.Errorf("playground: read %s: %w", playgroundPage, err))
		return
	}
	nonce := rand.Text()
	h := w.Header()
	h.Set("Content-Security-Policy", playgroundCSP(nonce))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(bytes.ReplaceAll(page, []byte(playgroundNonce), []byte(nonce)))
}

var refusalPage = template.Must(template.New("refusal").Parse(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Accès réservé</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Accès réservé au photographe</h1>
<p>{{.}}</p>
<p>Créez un jeton avec <code>gallery photographer token --email …</code>, puis ouvrez
<code>/playground?token=…</code> une fois dans ce navigateur.</p>
</body></html>`))

func (s *Server) playgroundRefusal(w http.ResponseWriter, r *http.Request, key string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusUnauthorized)
	_ = refusalPage.Execute(w, apperr.Render(lang.Or(r.Context(), lang.Default), key, nil))
}

// onlyPhotographerUploads refuses multipart GraphQL requests (uploads)
// from anyone but a photographer before their body is read, so that
// strangers cannot fill the disk with temporary files.
func onlyPhotographerUploads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if mt == "multipart/form-data" && viewer.FromContext(r.Context()).PhotographerID == "" {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"errors": []map[string]any{{
				"message":    apperr.Render(lang.Or(r.Context(), lang.Default), "upload_photographer_only", nil),
				"extensions": map[string]any{"code": apperr.ErrUnauthorized.Code},
			}}})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// restUpdatePhoto is PUT /api/photos/{photoId}: the photographer sets a
// photo private (or favourite). Body {"isPrivate": true, "favorite": false}.
func (s *Server) restUpdatePhoto(w http.ResponseWriter, r *http.Request) {
	var body photographer.PhotoPatch
	if err := decodeJSON(r, &body); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	p, err := s.Photographer.UpdatePhoto(r.Context(), chi.URLParam(r, "photoId"), body)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeJSON(w, http.StatusOK, newPhotoJSON(p))
}
