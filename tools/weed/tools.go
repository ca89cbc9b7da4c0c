//go:build tools

// Package weed pins github.com/seaweedfs/seaweedfs for `make bin/weed`.
package weed

import _ "github.com/seaweedfs/seaweedfs/weed"
