package photographer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/apitoken"
	"github.com/studio/gallery/ent/photographer"
	"github.com/studio/gallery/ent/predicate"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/viewer"
)

// TokenPrefix starts every API token, so that a leaked one is easy to spot
// (secret scanners, logs).
const TokenPrefix = "glt_"

// tokenChars is the length of the random part: 40 characters of a 32-letter
// alphabet, 200 bits.
const tokenChars = 40

// touchEvery bounds how often a token's last_used_at is written.
const touchEvery = time.Minute

// Errors of token authentication; both answer 401 with a stable code.
var (
	ErrInvalidToken = apperr.New(CodeInvalidToken, http.StatusUnauthorized, "invalid_token")
	ErrRevokedToken = apperr.New(CodeRevokedToken, http.StatusUnauthorized, "revoked_token")
)

// Tokens issues, lists, revokes and checks the photographers' API tokens.
// Only a SHA-256 hash of a token is stored: the token itself is shown once.
type Tokens struct {
	DB *ent.Client
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	writes store.Writes
	kept   *store.Kept[*ent.APIToken]
}

// NewTokens returns the API tokens' service; keepFor > 0 keeps checked
// tokens in memory for at most that long after another process changed
// them (keepTokens).
func NewTokens(db *ent.Client, keepFor time.Duration) *Tokens {
	t := &Tokens{DB: db}
	if keepFor > 0 {
		t.keepTokens(db, keepFor)
	}
	return t
}

// keepTokens makes Authenticate and AuthenticateID check tokens kept in
// memory, fresh after any token write through db (a revocation, the
// last-use stamp), so that the photographer's requests do not each read
// their token. A token revoked by another process (another replica) stops
// working here within ttl; one revoked here stops at once.
func (t *Tokens) keepTokens(db *ent.Client, ttl time.Duration) {
	t.kept = &store.Kept[*ent.APIToken]{Writes: &t.writes, TTL: ttl, Max: 1024}
	t.writes.Install(db, func(et string) bool { return et == ent.TypeAPIToken || et == ent.TypePhotographer })
}

func (t *Tokens) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// HashToken is the stored form of a token. Looking a token up by its hash
// means no secret is ever compared byte by byte, so timing tells nothing.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Create issues a new token for the photographer with this e-mail and
// returns it in clear, once.
func (t *Tokens) Create(ctx context.Context, email, name string) (string, *ent.APIToken, error) {
	ctx = viewer.SystemContext(ctx)
	pg, err := t.photographer(ctx, email)
	if err != nil {
		return "", nil, err
	}
	return t.create(ctx, pg.ID, name)
}

// shownChars is how much of a token the studio's list shows: glt_ and 8
// characters of the random part (40 bits, enough to tell tokens apart).
const shownChars = len(TokenPrefix) + 8

func (t *Tokens) create(ctx context.Context, pid, name string) (string, *ent.APIToken, error) {
	name = strings.TrimSpace(name)
	if len(name) > 100 {
		return "", nil, userErr(CodeTooLong, "name_too_long", "name")
	}
	plain := TokenPrefix + ids.Token(tokenChars)
	tok, err := t.DB.APIToken.Create().SetName(name).SetPrefix(plain[:shownChars]).SetTokenHash(HashToken(plain)).
		SetPhotographerID(pid).Save(viewer.SystemContext(ctx))
	if err != nil {
		return "", nil, fmt.Errorf("photographer: create token: %w", err)
	}
	return plain, tok, nil
}

// CreateOwn issues a token for the signed-in photographer (the studio),
// returned in clear once; a name is required there.
func (t *Tokens) CreateOwn(ctx context.Context, name string) (string, *ent.APIToken, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return "", nil, err
	}
	if strings.TrimSpace(name) == "" {
		return "", nil, userErr(CodeRequired, "required", "name")
	}
	return t.create(ctx, pid, name)
}

// ListOwn returns the signed-in photographer's tokens, newest first,
// revoked ones included.
func (t *Tokens) ListOwn(ctx context.Context) ([]*ent.APIToken, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	ts, err := t.DB.APIToken.Query().Where(apitoken.HasPhotographerWith(photographer.ID(pid))).
		Order(ent.Desc(apitoken.FieldCreatedAt), ent.Asc(apitoken.FieldID)).All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("photographer: list tokens: %w", err)
	}
	return ts, nil
}

// RevokeOwn revokes one of the signed-in photographer's tokens (another
// photographer's is not_found). Revoking twice keeps the first date.
func (t *Tokens) RevokeOwn(ctx context.Context, id string) (*ent.APIToken, error) {
	pid, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	_, err = t.DB.APIToken.Query().Where(apitoken.ID(id), apitoken.HasPhotographerWith(photographer.ID(pid))).
		Only(viewer.SystemContext(ctx))
	if err != nil {
		return nil, notFound(err, "token "+id, "tokenId")
	}
	return t.Revoke(ctx, id)
}

// List returns the tokens of the photographer with this e-mail, newest first.
func (t *Tokens) List(ctx context.Context, email string) ([]*ent.APIToken, error) {
	ctx = viewer.SystemContext(ctx)
	pg, err := t.photographer(ctx, email)
	if err != nil {
		return nil, err
	}
	ts, err := t.DB.APIToken.Query().Where(apitoken.HasPhotographerWith(photographer.ID(pg.ID))).
		Order(ent.Desc(apitoken.FieldCreatedAt), ent.Asc(apitoken.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("photographer: list tokens: %w", err)
	}
	return ts, nil
}

// Revoke revokes one token by id. Revoking twice keeps the first date.
func (t *Tokens) Revoke(ctx context.Context, id string) (*ent.APIToken, error) {
	ctx = viewer.SystemContext(ctx)
	tok, err := t.DB.APIToken.Get(ctx, id)
	if err != nil {
		return nil, notFound(err, "token "+id, "id")
	}
	if tok.RevokedAt != nil {
		return tok, nil
	}
	return tok.Update().SetRevokedAt(t.now()).Save(ctx)
}

// RevokeByName revokes the active tokens with this name of the
// photographer with this e-mail, and returns how many it revoked.
func (t *Tokens) RevokeByName(ctx context.Context, email, name string) (int, error) {
	ctx = viewer.SystemContext(ctx)
	pg, err := t.photographer(ctx, email)
	if err != nil {
		return 0, err
	}
	n, err := t.DB.APIToken.Update().
		Where(apitoken.HasPhotographerWith(photographer.ID(pg.ID)), apitoken.Name(strings.TrimSpace(name)), apitoken.RevokedAtIsNil()).
		SetRevokedAt(t.now()).Save(ctx)
	if err != nil {
		return 0, fmt.Errorf("photographer: revoke tokens: %w", err)
	}
	if n == 0 {
		return 0, apperr.ErrNotFound.WithMessage("token_name_not_found", nil).WithField("name")
	}
	return n, nil
}

// Authenticate returns the photographer id behind a token in clear, or
// ErrInvalidToken / ErrRevokedToken.
func (t *Tokens) Authenticate(ctx context.Context, token string) (tokenID, photographerID string, err error) {
	if !strings.HasPrefix(token, TokenPrefix) || len(token) != len(TokenPrefix)+tokenChars {
		return "", "", ErrInvalidToken
	}
	h := HashToken(token)
	return t.check(ctx, "hash\x00"+h, apitoken.TokenHash(h))
}

// AuthenticateID is Authenticate for a token named by its id, as a signed
// playground session does: a revoked token ends its sessions too.
func (t *Tokens) AuthenticateID(ctx context.Context, id string) (photographerID string, err error) {
	_, pid, err := t.check(ctx, "id\x00"+id, apitoken.ID(id))
	return pid, err
}

func (t *Tokens) check(ctx context.Context, key string, where predicate.APIToken) (string, string, error) {
	ctx = viewer.SystemContext(ctx)
	load := func() (*ent.APIToken, error) {
		return t.DB.APIToken.Query().Where(where).
			WithPhotographer(func(q *ent.PhotographerQuery) { q.Select(photographer.FieldID) }).
			Only(ctx)
	}
	var tok *ent.APIToken
	var err error
	if t.kept != nil {
		tok, err = t.kept.Get(key, load)
	} else {
		tok, err = load()
	}
	if ent.IsNotFound(err) {
		return "", "", ErrInvalidToken
	}
	if err != nil {
		return "", "", fmt.Errorf("photographer: token: %w", err)
	}
	if tok.RevokedAt != nil {
		return "", "", ErrRevokedToken
	}
	now := t.now()
	if tok.LastUsedAt == nil || now.Sub(*tok.LastUsedAt) >= touchEvery {
		// Conditional, so that concurrent requests write at most once a minute.
		err := t.DB.APIToken.Update().
			Where(apitoken.ID(tok.ID), apitoken.Or(apitoken.LastUsedAtIsNil(), apitoken.LastUsedAtLT(now.Add(-touchEvery)))).
			SetLastUsedAt(now).Exec(ctx)
		if err != nil {
			return "", "", fmt.Errorf("photographer: token last use: %w", err)
		}
	}
	return tok.ID, tok.Edges.Photographer.ID, nil
}

func (t *Tokens) photographer(ctx context.Context, email string) (*ent.Photographer, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return nil, userErr(CodeRequired, "required", "email")
	}
	pg, err := t.DB.Photographer.Query().Where(photographer.EmailEqualFold(email)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apperr.ErrNotFound.WithMessage("photographer_email_not_found", nil).WithField("email")
	}
	if err != nil {
		return nil, fmt.Errorf("photographer: %s: %w", email, err)
	}
	return pg, nil
}
