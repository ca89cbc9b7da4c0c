// Command tests3 runs the test S3 server (SeaweedFS's `weed server -s3`,
// bin/weed or $WEED) exactly as the Go tests start it (internal/testblob):
// a private bucket whose one identity signs every request, ports below the
// ephemeral range tried again on a clash. The browser journeys start it
// (client/e2e/weed.mjs) and read one JSON line on its standard output:
//
//	{"endpoint":"http://127.0.0.1:PORT","bucket":"gallery-test","region":"us-east-1",
//	 "accessKey":"...","secretKey":"..."}
//
// It stops the server and removes its folder when its standard input
// closes or it gets SIGINT or SIGTERM; weed dies with it on SIGKILL too.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/studio/gallery/internal/testblob"
)

func main() {
	s, err := testblob.StartServer()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tests3:", err)
		os.Exit(1)
	}
	defer s.Stop()
	line, _ := json.Marshal(map[string]string{
		"endpoint": s.Endpoint, "bucket": s.Bucket, "region": testblob.Region,
		"accessKey": testblob.AccessKey, "secretKey": testblob.SecretKey,
	})
	fmt.Println(string(line))

	done := make(chan struct{}, 2)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	go func() { <-sig; done <- struct{}{} }()
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); done <- struct{}{} }()
	<-done
}
