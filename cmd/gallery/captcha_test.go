package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/store"
	"github.com/studio/gallery/internal/testdb"
)

func TestCaptchaAnswerCommand(t *testing.T) {
	ctx := context.Background()
	cfg := config.Config{DataDir: t.TempDir()}
	if testdb.Postgres() {
		cfg.DatabaseURL = testdb.CreatePostgres(t)
	}
	db, err := store.Open(ctx, store.Options{DatabaseURL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "gallery.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := captcha.NewService(db.Client)
	c, err := svc.New(ctx, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := captchaCmd(ctx, cfg, []string{"answer", c.ID}, &out); err != nil {
		t.Fatal(err)
	}
	answer := strings.TrimSpace(out.String())
	if err := svc.Verify(ctx, c.ID, answer); err != nil {
		t.Fatalf("the printed answer %q does not solve the captcha: %v", answer, err)
	}
	for _, args := range [][]string{nil, {"answer"}, {"peek", c.ID}, {"answer", "cap_unknown"}} {
		if err := captchaCmd(ctx, cfg, args, &out); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
