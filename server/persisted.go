package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// persistedDocuments lets a request name its document by hash
// (extensions.persistedQuery.sha256Hash, Apollo's persisted query link,
// version 1) instead of sending its text.
//
// The React client's documents are known in advance: graphql-codegen
// hashes each one (client/src/gql/persisted-documents.json) and the
// binary embeds them (clientdocs.Persisted), so the client sends hashes
// alone and the server never answers « not found » to the client of its
// own build. Other clients get automatic persisted queries: an unknown
// hash is answered PERSISTED_QUERY_NOT_FOUND, the client sends the text
// with its hash, and the text is kept (a bounded cache) when the hash is
// the text's. A text sent with another hash (a client of an older build,
// whose hash is of graphql-codegen's normalised text) runs as sent.
type persistedDocuments struct {
	known map[string]string // the client's documents, by hash
	sent  *lru.LRU[string]  // texts other clients registered, by hash
}

const (
	errPersistedQueryNotFound     = "PersistedQueryNotFound"
	errPersistedQueryNotFoundCode = "PERSISTED_QUERY_NOT_FOUND"
	// maxRegisteredDocuments bounds what other clients may register.
	maxRegisteredDocuments = 100
)

func newPersistedDocuments(known map[string]string) persistedDocuments {
	return persistedDocuments{known: known, sent: lru.New[string](maxRegisteredDocuments)}
}

var _ interface {
	graphql.OperationParameterMutator
	graphql.HandlerExtension
} = persistedDocuments{}

func (persistedDocuments) ExtensionName() string                   { return "PersistedDocuments" }
func (persistedDocuments) Validate(graphql.ExecutableSchema) error { return nil }

func (p persistedDocuments) MutateOperationParameters(ctx context.Context, raw *graphql.RawParams) *gqlerror.Error {
	ext, present := raw.Extensions["persistedQuery"]
	if !present || ext == nil {
		return nil
	}
	hash, ok := persistedHash(ext)
	if !ok {
		return requestError("invalid persistedQuery extension: version 1 and a sha256Hash of 64 hexadecimal digits expected")
	}
	if raw.Query != "" {
		if queryHash(raw.Query) == hash {
			p.sent.Add(ctx, hash, raw.Query)
		}
		return nil
	}
	if text, ok := p.lookup(ctx, hash); ok {
		raw.Query = text
		return nil
	}
	err := gqlerror.Errorf(errPersistedQueryNotFound)
	errcode.Set(err, errPersistedQueryNotFoundCode)
	return err
}

// lookup returns the text a hash names: the client's document, or one a
// client registered.
func (p persistedDocuments) lookup(ctx context.Context, hash string) (string, bool) {
	if text, ok := p.known[hash]; ok {
		return text, true
	}
	return p.sent.Get(ctx, hash)
}

// persistedHash reads extensions.persistedQuery: version 1 and a
// SHA-256 in lower-case hexadecimal.
func persistedHash(ext any) (string, bool) {
	m, ok := ext.(map[string]any)
	if !ok {
		return "", false
	}
	switch v := m["version"].(type) {
	case float64:
		if v != 1 {
			return "", false
		}
	case int64:
		if v != 1 {
			return "", false
		}
	case interface{ String() string }: // json.Number
		if v.String() != "1" {
			return "", false
		}
	default:
		return "", false
	}
	hash, _ := m["sha256Hash"].(string)
	if len(hash) != sha256.Size*2 {
		return "", false
	}
	for _, c := range hash {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return "", false
		}
	}
	return hash, true
}

func queryHash(query string) string {
	sum := sha256.Sum256([]byte(query))
	return hex.EncodeToString(sum[:])
}

// requestError is an error of the request itself (HTTP 422 with
// gqlgen's transports), before any field runs.
func requestError(msg string) *gqlerror.Error {
	err := gqlerror.Errorf("%s", msg)
	errcode.Set(err, errcode.ValidationFailed)
	return err
}
