package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/studio/gallery/ent/passkeychallenge"
	"github.com/studio/gallery/ent/photographersession"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// TestHousekeepDeletesOnlyWhatExpired: expired limiter rows, unfinished
// passkey ceremonies, captchas expired an hour ago and sessions ended a
// month ago go; everything still alive, or ended recently, stays.
func TestHousekeepDeletesOnlyWhatExpired(t *testing.T) {
	db := testdb.Open(t).Client
	ctx := viewer.SystemContext(context.Background())
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	pg := db.Photographer.Create().SetEmail("p@example.com").SetName("P").SaveX(ctx)
	for i, exp := range []time.Time{now.Add(-time.Second), now.Add(-time.Hour), now.Add(time.Minute)} {
		db.RateLimit.Create().SetID(string(rune('a' + i))).SetLastAt(now).SetExpiresAt(exp).ExecX(ctx)
	}
	for i, exp := range []time.Time{now.Add(-time.Second), now.Add(time.Minute)} {
		db.PasskeyChallenge.Create().SetChallenge(string(rune('a' + i))).SetKind(passkeychallenge.KindLogin).
			SetData([]byte("{}")).SetExpiresAt(exp).ExecX(ctx)
	}
	for _, exp := range []time.Time{now.Add(-2 * time.Hour), now.Add(-30 * time.Minute), now.Add(time.Minute)} {
		db.Captcha.Create().SetDigits("123456").SetExpiresAt(exp).ExecX(ctx)
	}
	month := jobs.SessionsKeptFor
	revoked := now.Add(-month - time.Hour)
	recent := now.Add(-time.Hour)
	db.PhotographerSession.Create().SetPhotographerID(pg.ID).SetMethod(photographersession.MethodCode).SetExpiresAt(now.Add(-month - time.Hour)).ExecX(ctx)
	db.PhotographerSession.Create().SetPhotographerID(pg.ID).SetMethod(photographersession.MethodCode).SetExpiresAt(now.Add(time.Hour)).SetRevokedAt(revoked).ExecX(ctx)
	db.PhotographerSession.Create().SetPhotographerID(pg.ID).SetMethod(photographersession.MethodCode).SetExpiresAt(now.Add(-time.Hour)).ExecX(ctx)
	db.PhotographerSession.Create().SetPhotographerID(pg.ID).SetMethod(photographersession.MethodPasskey).SetExpiresAt(now.Add(time.Hour)).SetRevokedAt(recent).ExecX(ctx)
	db.PhotographerSession.Create().SetPhotographerID(pg.ID).SetMethod(photographersession.MethodPasskey).SetExpiresAt(now.Add(time.Hour)).ExecX(ctx)

	s, err := jobs.Housekeep(context.Background(), db, now)
	if err != nil {
		t.Fatal(err)
	}
	if s != (jobs.Swept{RateLimits: 2, PasskeyChallenges: 1, Captchas: 1, Sessions: 2}) {
		t.Fatalf("swept %+v", s)
	}
	if n := db.RateLimit.Query().CountX(ctx); n != 1 {
		t.Fatalf("%d rate limit rows left, want 1", n)
	}
	if n := db.Captcha.Query().CountX(ctx); n != 2 {
		t.Fatalf("%d captchas left, want 2 (one expired less than an hour ago)", n)
	}
	if n := db.PhotographerSession.Query().CountX(ctx); n != 3 {
		t.Fatalf("%d sessions left, want 3", n)
	}
	// Nothing more to do.
	if s, err := jobs.Housekeep(context.Background(), db, now); err != nil || s != (jobs.Swept{}) {
		t.Fatalf("second run: %+v %v", s, err)
	}
}

// TestHousekeepingRunsOnStart: the runner's leader runs the periodic job
// once started, without anyone enqueuing it.
func TestHousekeepingRunsOnStart(t *testing.T) {
	db := testdb.Open(t)
	ctx := viewer.SystemContext(context.Background())
	db.Client.RateLimit.Create().SetID("old").SetLastAt(time.Now().Add(-2 * time.Hour)).SetExpiresAt(time.Now().Add(-time.Hour)).ExecX(ctx)
	r := newRunner(t, db, jobs.Config{})
	start(t, r)
	deadline := time.Now().Add(30 * time.Second)
	for db.Client.RateLimit.Query().CountX(ctx) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the expired row is still there: housekeeping did not run on start")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
