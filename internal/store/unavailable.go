package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err says the database could not be reached
// or dropped the connection (PostgreSQL restarting, a network cut), rather
// than refused the statement: the request can be tried again in a moment,
// and nothing it was writing was committed unless the commit itself
// answered. Both API doors show such failures as database_unavailable (503).
func Unavailable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// 08: connection exception; 57P01-57P03: the server is shutting
		// down, crashed, or is not accepting connections yet.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var (
		connErr *pgconn.ConnectError
		netErr  net.Error
		opErr   *net.OpError
	)
	switch {
	case errors.As(err, &connErr), errors.As(err, &opErr), errors.Is(err, driver.ErrBadConn),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	case errors.As(err, &netErr) && netErr.Timeout():
		return true
	}
	// pgx's words for a connection that died under a statement (a bare
	// io.EOF could be anything, such as a short request body).
	msg := err.Error()
	return (errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)) && strings.Contains(msg, "failed to receive message") ||
		strings.Contains(msg, "conn closed")
}
