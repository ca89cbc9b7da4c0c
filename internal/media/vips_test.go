//go:build vips

package media

func init() {
	if err := startVips(); err != nil {
		panic(err)
	}
	testBackends = append(testBackends, vipsProc{})
}
