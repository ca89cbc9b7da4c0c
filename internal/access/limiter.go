package access

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/ratelimit"
	"github.com/studio/gallery/internal/viewer"
)

// Limiter slows guessing and flooding down: after Free attempts counted
// under one key, the next must wait Base, then a delay that doubles with
// each further attempt, up to Max. A key is forgotten after Window without
// any attempt. Keys combine what is aimed at (a gallery, an e-mail) with
// who aims (a client address); callers name several keys per attempt.
//
// The state is in the database (the rate_limits table), so that every
// replica shares it. An attempt is counted by one statement (count: an
// upsert that adds one, refused while the key is blocked), so requests
// racing on one key, on any replica, cannot both spend the same attempt; a
// refund is conditional on the row's seq, which every write changes. Rows are
// identified by a hash of the limiter's name and the key (keys may hold
// e-mail addresses) and swept once expired.
type Limiter struct {
	DB *ent.Client
	// Name separates limiters sharing the table.
	Name   string
	Free   int
	Base   time.Duration
	Max    time.Duration
	Window time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// NewLimiter returns a limiter on db allowing free attempts per key.
func NewLimiter(db *ent.Client, name string, free int, base, max, window time.Duration) *Limiter {
	return &Limiter{DB: db, Name: name, Free: free, Base: base, Max: max, Window: window}
}

// Expired rows are deleted by the periodic housekeeping job
// (jobs.Housekeep), not on a request's way.

// maxTries bounds the retries of a conditional write that racing requests
// keep winning; past it the attempt is refused for a second.
const maxTries = 200

func (l *Limiter) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

// id is the row of key.
func (l *Limiter) id(key string) string {
	sum := sha256.Sum256([]byte(l.Name + "\x00" + key))
	return hex.EncodeToString(sum[:])
}

func (l *Limiter) ids(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = l.id(k)
	}
	return out
}

func (l *Limiter) load(ctx context.Context, ids []string) (map[string]*ent.RateLimit, error) {
	rows, err := l.DB.RateLimit.Query().Where(ratelimit.IDIn(ids...)).All(viewer.SystemContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("limiter %s: %w", l.Name, err)
	}
	m := make(map[string]*ent.RateLimit, len(rows))
	for _, r := range rows {
		m[r.ID] = r
	}
	return m, nil
}

// live tells whether a row still counts at now.
func live(r *ent.RateLimit, now time.Time) bool { return r != nil && r.ExpiresAt.After(now) }

// waitOf is how long row r blocks attempts at now.
func waitOf(r *ent.RateLimit, now time.Time) time.Duration {
	if !live(r, now) || r.BlockedUntil == nil {
		return 0
	}
	return max(r.BlockedUntil.Sub(now), 0)
}

// Wait returns how long the caller must wait before an attempt under any
// of keys; zero means it may proceed. It counts nothing.
func (l *Limiter) Wait(ctx context.Context, keys ...string) (time.Duration, error) {
	rows, err := l.load(ctx, l.ids(keys))
	if err != nil {
		return 0, err
	}
	return longestWait(rows, l.now()), nil
}

// longestWait is the longest wait any of rows imposes at now.
func longestWait(rows map[string]*ent.RateLimit, now time.Time) time.Duration {
	var wait time.Duration
	for _, r := range rows {
		wait = max(wait, waitOf(r, now))
	}
	return wait
}

// Count returns the attempts counted under key in its window.
func (l *Limiter) Count(ctx context.Context, key string) (int, error) {
	rows, err := l.load(ctx, []string{l.id(key)})
	if err != nil {
		return 0, err
	}
	if r := rows[l.id(key)]; live(r, l.now()) {
		return r.Count, nil
	}
	return 0, nil
}

// Take spends one attempt under every key. When any key is blocked it
// spends nothing and returns how long to wait (> 0); otherwise the attempt
// is counted under all keys before the caller acts, so that attempts fired
// at once cannot all pass a check made before any is counted.
func (l *Limiter) Take(ctx context.Context, keys ...string) (time.Duration, error) {
	ids := l.ids(keys)
	rows, err := l.load(ctx, ids)
	if err != nil {
		return 0, err
	}
	if wait := longestWait(rows, l.now()); wait > 0 {
		return wait, nil
	}
	for _, id := range ids {
		// A racing request may have blocked a key since it was read: that
		// refuses the attempt (the keys already counted stay counted).
		if w, err := l.count(ctx, id, true); err != nil || w > 0 {
			return w, err
		}
	}
	return 0, nil
}

// Fail counts an attempt under every key without checking any: failures
// that only feed a threshold (a gallery's wrong codes).
func (l *Limiter) Fail(ctx context.Context, keys ...string) error {
	for _, id := range l.ids(keys) {
		if _, err := l.count(ctx, id, false); err != nil {
			return err
		}
	}
	return nil
}

// Refund gives back an attempt Take counted under keys, for an attempt
// that succeeded where only failures should count (a guest entering the
// right code on a shared address).
func (l *Limiter) Refund(ctx context.Context, keys ...string) error {
	for _, id := range l.ids(keys) {
		if _, err := l.change(ctx, id, nil, -1, false); err != nil {
			return err
		}
	}
	return nil
}

// Reset forgets everything counted under keys (after a success).
func (l *Limiter) Reset(ctx context.Context, keys ...string) error {
	if _, err := l.DB.RateLimit.Delete().Where(ratelimit.IDIn(l.ids(keys)...)).Exec(viewer.SystemContext(ctx)); err != nil {
		return fmt.Errorf("limiter %s: reset: %w", l.Name, err)
	}
	return nil
}

// count adds one attempt under row id in a single statement (INSERT ... ON
// CONFLICT DO UPDATE ... RETURNING, on PostgreSQL and SQLite alike): the
// database counts it, so that racing requests on any replica never spend
// the same attempt twice and no request reads before it writes. A row
// past its window starts again at one. With check, a row still blocked is
// left as it is and the wait it imposes is returned instead.
func (l *Limiter) count(ctx context.Context, id string, check bool) (time.Duration, error) {
	for range maxTries {
		now := l.now()
		q, args := l.countStatement(id, now, check)
		rows, err := l.DB.QueryContext(ctx, q, args...)
		if err != nil {
			return 0, fmt.Errorf("limiter %s: %w", l.Name, err)
		}
		counted := rows.Next()
		err = errors.Join(rows.Err(), rows.Close())
		if err != nil {
			return 0, fmt.Errorf("limiter %s: %w", l.Name, err)
		}
		if counted {
			return 0, nil
		}
		// Refused: the row is blocked. How long, read after the refusal
		// (an unblocked row by then is tried again).
		r, err := l.DB.RateLimit.Get(viewer.SystemContext(ctx), id)
		if err != nil && !ent.IsNotFound(err) {
			return 0, fmt.Errorf("limiter %s: %w", l.Name, err)
		}
		if w := waitOf(r, l.now()); w > 0 {
			return w, nil
		}
	}
	return time.Second, nil
}

// countStatement is count's statement. The new count is
//
//	CASE WHEN expires_at > now THEN count + 1 ELSE 1 END
//
// and the row's block follows from it: delay(count) after now, chosen in
// SQL among the few delays the limiter has (Base doubling up to Max), each
// passed as a time. The times are compared with and stored in the table's
// own columns, as ent writes them; the branch "WHEN 1 = 0 THEN last_at"
// gives PostgreSQL the CASE's type (timestamp with time zone) without a
// cast SQLite would not read the same. $N parameters are PostgreSQL's and
// SQLite's (modernc binds $N to the Nth argument).
func (l *Limiter) countStatement(id string, now time.Time, check bool) (string, []any) {
	const t = "rate_limits"
	next := "CASE WHEN " + t + ".expires_at > $2 THEN " + t + ".count + 1 ELSE 1 END"
	args := []any{id, now, now.Add(max(l.Window, l.Max))}
	var first any // the block of a new row (count 1)
	if d := l.delay(1); d > 0 {
		first = now.Add(d)
	}
	args = append(args, first)
	var blocked strings.Builder
	blocked.WriteString("CASE WHEN 1 = 0 THEN " + t + ".last_at WHEN " + next + " < " + strconv.Itoa(l.Free) + " THEN NULL")
	for over := 0; ; over++ {
		d := l.delay(l.Free + over)
		args = append(args, now.Add(d))
		p := "$" + strconv.Itoa(len(args))
		if d >= l.Max || d <= 0 || over >= 64 {
			blocked.WriteString(" ELSE " + p + " END")
			break
		}
		blocked.WriteString(" WHEN " + next + " = " + strconv.Itoa(l.Free+over) + " THEN " + p)
	}
	q := "INSERT INTO " + t + " (id, count, seq, last_at, blocked_until, expires_at) VALUES ($1, 1, 1, $2, $4, $3) " +
		"ON CONFLICT (id) DO UPDATE SET count = " + next + ", seq = " + t + ".seq + 1, last_at = $2, " +
		"blocked_until = " + blocked.String() + ", expires_at = $3"
	if check {
		q += " WHERE " + t + ".expires_at <= $2 OR " + t + ".blocked_until IS NULL OR " + t + ".blocked_until <= $2"
	}
	return q + " RETURNING count", args
}

// change adds delta to the count of row id (read as r, or read again when
// nil), conditionally on the row not having changed since it was read,
// and retries when it had (a refund: count is the single statement that
// counts attempts). With check, a blocked row refuses the change and its
// wait is returned.
func (l *Limiter) change(ctx context.Context, id string, r *ent.RateLimit, delta int, check bool) (time.Duration, error) {
	sctx := viewer.SystemContext(ctx)
	for range maxTries {
		if r == nil {
			var err error
			r, err = l.DB.RateLimit.Get(sctx, id)
			if err != nil && !ent.IsNotFound(err) {
				return 0, fmt.Errorf("limiter %s: %w", l.Name, err)
			}
		}
		now := l.now()
		if check {
			if w := waitOf(r, now); w > 0 {
				return w, nil
			}
		}
		count, last := 0, now
		if live(r, now) {
			count = r.Count
		}
		if delta < 0 {
			if !live(r, now) || count == 0 {
				return 0, nil
			}
			last = r.LastAt
		}
		count = max(count+delta, 0)
		var blocked *time.Time
		if d := l.delay(count); d > 0 {
			b := last.Add(d)
			blocked = &b
		}
		expires := last.Add(l.Window)
		if blocked != nil && blocked.After(expires) {
			expires = *blocked
		}
		if r == nil {
			err := l.DB.RateLimit.Create().SetID(id).SetCount(count).SetSeq(1).SetLastAt(last).
				SetNillableBlockedUntil(blocked).SetExpiresAt(expires).Exec(sctx)
			if err == nil {
				return 0, nil
			}
			if !ent.IsConstraintError(err) {
				return 0, fmt.Errorf("limiter %s: %w", l.Name, err)
			}
			continue // created by a racing request: read it
		}
		u := l.DB.RateLimit.Update().Where(ratelimit.ID(id), ratelimit.Seq(r.Seq)).
			SetCount(count).SetSeq(r.Seq + 1).SetLastAt(last).SetExpiresAt(expires)
		if blocked != nil {
			u.SetBlockedUntil(*blocked)
		} else {
			u.ClearBlockedUntil()
		}
		n, err := u.Save(sctx)
		if err != nil {
			return 0, fmt.Errorf("limiter %s: %w", l.Name, err)
		}
		if n == 1 {
			return 0, nil
		}
		r = nil // changed by a racing request: read it again
	}
	return time.Second, nil
}

// delay is the wait after count attempts.
func (l *Limiter) delay(count int) time.Duration {
	over := count - l.Free
	if over < 0 {
		return 0
	}
	d := l.Base
	for i := 0; i < over && d < l.Max; i++ {
		d *= 2
	}
	return min(d, l.Max)
}
