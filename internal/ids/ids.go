// Package ids makes the random identifiers used for every entity.
package ids

import (
	"crypto/rand"
	"strings"
)

// alphabet is lower-case base32 without look-alike letters, so ids read well in URLs.
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// New returns prefix_ followed by 20 random characters (100 bits of entropy).
func New(prefix string) string {
	var b [20]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("ids: no randomness: " + err.Error())
	}
	var sb strings.Builder
	sb.Grow(len(prefix) + 21)
	sb.WriteString(prefix)
	sb.WriteByte('_')
	for _, c := range b {
		sb.WriteByte(alphabet[int(c)%len(alphabet)])
	}
	return sb.String()
}

// Prefix returns the type prefix of an id ("gal" for "gal_xxx"), or "".
func Prefix(id string) string {
	i := strings.IndexByte(id, '_')
	if i <= 0 {
		return ""
	}
	return id[:i]
}

// Token returns n random bytes encoded with the id alphabet, for secrets.
func Token(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("ids: no randomness: " + err.Error())
	}
	out := make([]byte, n)
	for i, c := range b {
		out[i] = alphabet[int(c)%len(alphabet)]
	}
	return string(out)
}
