package schema

import "regexp"

// slugRE is what a gallery address may look like.
var slugRE = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$`)

// languageRE is a language the product speaks (internal/lang).
var languageRE = regexp.MustCompile(`^(fr|nl|en)$`)

// buyerLanguageRE is a visitor's language, or "" when the request named none.
var buyerLanguageRE = regexp.MustCompile(`^(fr|nl|en)?$`)
