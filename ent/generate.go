// Package ent is generated from ent/schema; run `make generate`.
package ent

//go:generate go run -mod=mod entc.go
