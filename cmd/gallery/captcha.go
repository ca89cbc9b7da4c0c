package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/studio/gallery/internal/config"
	"github.com/studio/gallery/internal/viewer"
)

const captchaUsage = "usage: gallery captcha answer CAPTCHA_ID"

// captchaCmd is an operator's tool: it reads a captcha's answer from the
// database (whoever runs it already holds the database), for end-to-end
// tests of the contact form and for support.
func captchaCmd(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	if len(args) != 2 || args[0] != "answer" {
		return errors.New(captchaUsage)
	}
	db, err := openStore(ctx, cfg, false, nil)
	if err != nil {
		return err
	}
	defer db.Close()
	c, err := db.Client.Captcha.Get(viewer.SystemContext(ctx), args[1])
	if err != nil {
		return fmt.Errorf("captcha %s: %w", args[1], err)
	}
	_, err = fmt.Fprintln(out, c.Digits)
	return err
}
