package schema

import "regexp"

// slugRE is what a gallery address may look like.
var slugRE = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$`)
