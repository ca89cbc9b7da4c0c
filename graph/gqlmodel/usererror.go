package gqlmodel

import (
	"context"

	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/lang"
)

// UserError is a problem the person can fix, as a payload's userErrors
// show it (the schema's UserError). Its message is rendered when the
// answer is written, in the request's language (lang.From).
type UserError struct {
	Field      []string
	Code       string
	RetryAfter *int
	err        *apperr.Error
}

// NewUserError is e as a userError.
func NewUserError(e *apperr.Error) *UserError {
	if e == nil {
		e = apperr.ErrInternal
	}
	ue := &UserError{Field: e.Field, Code: e.Code, err: e}
	if secs := e.RetryAfterSeconds(); secs > 0 {
		ue.RetryAfter = &secs
	}
	return ue
}

// Message is the problem's message in the request's language.
func (u *UserError) Message(ctx context.Context) string {
	if u.err == nil {
		return apperr.Render(lang.Or(ctx, lang.Default), u.Code, nil)
	}
	return u.err.Localized(ctx)
}
