package schema

import "regexp"

// slugRE is what a gallery address may look like.
var slugRE = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$`)

// countryRE is an ISO 3166-1 alpha-2 code.
var countryRE = regexp.MustCompile(`^[A-Z]{2}$`)
