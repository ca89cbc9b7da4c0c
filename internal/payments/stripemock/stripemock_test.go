package stripemock_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/studio/gallery/internal/payments/stripemock"
)

func TestStartParallel(t *testing.T) {
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			base := stripemock.Start(t)
			if !strings.HasPrefix(base, "http://127.0.0.1:") {
				t.Fatalf("base URL %q", base)
			}
			req, _ := http.NewRequest("GET", base+"/v1/balance", nil)
			req.Header.Set("Authorization", "Bearer sk_test_123")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /v1/balance: %s", resp.Status)
			}
		})
	}
}

func TestBinaryFromEnv(t *testing.T) {
	t.Setenv("STRIPE_MOCK", "/nonexistent/stripe-mock")
	if _, err := stripemock.Binary(); err == nil {
		t.Fatal("Binary accepted a missing $STRIPE_MOCK")
	}
}
