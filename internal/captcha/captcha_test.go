package captcha_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/jobs"
	"github.com/studio/gallery/internal/lang"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

func setup(t *testing.T) (*captcha.Service, *ent.Client, *time.Time) {
	t.Helper()
	db := testdb.Open(t).Client
	now := time.Now()
	svc := captcha.NewService(db)
	svc.Now = func() time.Time { return now }
	return svc, db, &now
}

func digits(t *testing.T, db *ent.Client, id string) string {
	t.Helper()
	return db.Captcha.GetX(viewer.SystemContext(context.Background()), id).Digits
}

func TestACodeIsDrawnSpokenAndRightOnce(t *testing.T) {
	svc, db, _ := setup(t)
	ctx := context.Background()
	c, err := svc.New(ctx, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	d := digits(t, db, c.ID)
	if len(d) != captcha.Length || time.Until(c.ExpiresAt) > captcha.TTL {
		t.Fatalf("code %q expires %v", d, c.ExpiresAt)
	}
	png, err := svc.Image(ctx, c.ID)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("image: %v", err)
	}
	wav, err := svc.Audio(ctx, c.ID)
	if err != nil || !bytes.HasPrefix(wav, []byte("RIFF")) || !bytes.Contains(wav[:16], []byte("WAVE")) {
		t.Fatalf("audio: %v", err)
	}
	if err := svc.Verify(ctx, c.ID, " "+d[:3]+" "+d[3:]); err != nil {
		t.Fatalf("right answer: %v", err)
	}
	if err := svc.Verify(ctx, c.ID, d); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("second use: %v", err)
	}
	if _, err := svc.Image(ctx, c.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("image of a used code: %v", err)
	}
}

func TestAWrongAnswerUsesTheCodeUp(t *testing.T) {
	svc, db, _ := setup(t)
	ctx := context.Background()
	c, _ := svc.New(ctx, "192.0.2.1")
	d := digits(t, db, c.ID)
	if err := svc.Verify(ctx, c.ID, ""); !errors.Is(err, captcha.ErrRequired) {
		t.Fatalf("empty answer: %v", err)
	}
	wrong := "000000"
	if d == wrong {
		wrong = "111111"
	}
	err := svc.Verify(ctx, c.ID, wrong)
	if e := apperr.As(err); e == nil || e.Code != "captcha_invalid" || e.Message(lang.FR) != "Le code recopié est incorrect, merci de réessayer." {
		t.Fatalf("wrong answer: %v", err)
	}
	if err := svc.Verify(ctx, c.ID, d); !errors.Is(err, captcha.ErrInvalid) {
		t.Fatalf("right answer after a wrong one: %v", err)
	}
	for _, id := range []string{"", "cap_inconnu", "pho_xyz"} {
		if err := svc.Verify(ctx, id, "123456"); !errors.Is(err, captcha.ErrInvalid) {
			t.Errorf("%q: %v", id, err)
		}
	}
}

func TestACodeExpires(t *testing.T) {
	svc, db, now := setup(t)
	ctx := context.Background()
	c, _ := svc.New(ctx, "192.0.2.1")
	d := digits(t, db, c.ID)
	*now = now.Add(captcha.TTL + time.Second)
	if _, err := svc.Image(ctx, c.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("image of an expired code: %v", err)
	}
	err := svc.Verify(ctx, c.ID, d)
	if e := apperr.As(err); e == nil || e.Code != "captcha_invalid" || e.Message(lang.FR) != captcha.ErrExpired.Message(lang.FR) {
		t.Fatalf("expired: %v", err)
	}
	// Old codes are cleared out by the housekeeping job, not on a request's way.
	*now = now.Add(2 * time.Hour)
	if _, err := svc.New(ctx, "192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if n := db.Captcha.Query().CountX(viewer.SystemContext(ctx)); n != 2 {
		t.Fatalf("%d codes kept before housekeeping", n)
	}
	if s, err := jobs.Housekeep(ctx, db, *now); err != nil || s.Captchas != 1 {
		t.Fatalf("housekeeping: %+v %v", s, err)
	}
	if n := db.Captcha.Query().CountX(viewer.SystemContext(ctx)); n != 1 {
		t.Fatalf("%d codes kept", n)
	}
}

func TestCodesPerAddressAreLimited(t *testing.T) {
	svc, _, _ := setup(t)
	ctx := context.Background()
	var err error
	for range 40 {
		if _, err = svc.New(ctx, "192.0.2.1"); err != nil {
			break
		}
	}
	if !errors.Is(err, apperr.ErrTooManyRequests) {
		t.Fatalf("40 codes: %v", err)
	}
	if _, err := svc.New(ctx, "192.0.2.2"); err != nil {
		t.Fatalf("another address: %v", err)
	}
}
