//go:build !vips

package media

// defaultProcessor is pure Go in builds without the vips tag.
func defaultProcessor() processor { return pureGo{} }
