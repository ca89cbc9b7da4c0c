package access

import (
	"slices"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/accesscode"
	"github.com/studio/gallery/internal/store"
)

// keptCredentials keeps, between requests, what Identify reads for every
// request of a signed-in guest: whether a confirmed e-mail is a
// photographer's, and which access codes are live. Without it each page
// of a gallery costs a signed-in guest two queries before any of the
// gallery's data is read.
type keptCredentials struct {
	photographers store.Writes
	codes         store.Writes
	byEmail       *store.Kept[PhotographerRef]
	codeKindsOf   *store.Kept[map[string]accesscode.Kind]
}

// newKeptCredentials keeps credentials read through db: a code revoked
// by another process (another replica) stops opening the gallery here
// within ttl; one revoked through this process stops at once.
func newKeptCredentials(db *ent.Client, ttl time.Duration) *keptCredentials {
	k := &keptCredentials{}
	k.byEmail = &store.Kept[PhotographerRef]{Writes: &k.photographers, TTL: ttl, Max: 4096}
	k.codeKindsOf = &store.Kept[map[string]accesscode.Kind]{Writes: &k.codes, TTL: ttl, Max: 4096}
	k.photographers.Install(db, func(t string) bool { return t == ent.TypePhotographer })
	k.codes.Install(db, func(t string) bool { return t == ent.TypeAccessCode })
	return k
}

// photographer returns the photographer of a confirmed e-mail, kept or
// read with load.
func (k *keptCredentials) photographer(email string, load func() (PhotographerRef, error)) (PhotographerRef, error) {
	if k == nil {
		return load()
	}
	return k.byEmail.Get(strings.ToLower(email), load)
}

// codeKinds returns the kinds of the live codes among ids, kept or read
// with load. The answer is shared: callers must not modify it.
func (k *keptCredentials) codeKinds(ids []string, load func() (map[string]accesscode.Kind, error)) (map[string]accesscode.Kind, error) {
	if k == nil {
		return load()
	}
	key := slices.Clone(ids)
	slices.Sort(key)
	return k.codeKindsOf.Get(strings.Join(slices.Compact(key), ","), load)
}
