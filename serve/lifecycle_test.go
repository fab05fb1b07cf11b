package serve

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The game cap holds for every way of writing a number the command line
// reads (issue 25 item 5): the value checked is the value played.
func TestGamesCap(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, games := range []string{"0x5F5E100", "100_000_000", "1&games=100000000", "0o575360400", "200001", "0", "-5"} {
		for _, api := range []string{"/api/goldfish?deck=seeker-chronicles/cosmos", "/api/compare?a=seeker-chronicles/cosmos&b=seeker-chronicles/order"} {
			got := do(t, "POST", ts.URL+api+"&games="+games, "")
			if got.code != 400 || !strings.Contains(got.body, "at most 200000 games") {
				t.Errorf("%s games=%s: %d %.300s, want 400 refusing the run", api, games, got.code, got.body)
			}
		}
	}
	for _, tc := range []struct {
		games string
		want  int
	}{
		{"0x10", 16},
		{"1_0", 10},
		{"100000000&games=12", 12},
	} {
		got := do(t, "POST", ts.URL+"/api/goldfish?deck=seeker-chronicles/cosmos&games="+tc.games, "")
		var rep struct{ Games int }
		if err := json.Unmarshal([]byte(got.body), &rep); err != nil || got.code != 200 || rep.Games != tc.want {
			t.Errorf("games=%s: %d, played %d games, want %d\n%.300s", tc.games, got.code, rep.Games, tc.want, got.body)
		}
	}
}

// A request whose body stalls is answered and its connection closed once
// the body timeout passes (issue 25 item 6); a long answer after a body
// that did arrive is not cut short by it.
func TestBodyTimeout(t *testing.T) {
	srv, err := New(Config{DB: bundledDB(t), Decks: t.TempDir(), BodyTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := srv.HTTPServer()
	if hs.ReadHeaderTimeout == 0 || hs.IdleTimeout == 0 {
		t.Errorf("HTTPServer has no header or idle timeout: %v, %v", hs.ReadHeaderTimeout, hs.IdleTimeout)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	defer hs.Close()

	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Half a deck, then nothing.
	if _, err := conn.Write([]byte("POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\ngame: seeker")); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	if !strings.Contains(status, " 408 ") {
		t.Errorf("stalled body answered %q, want 408", status)
	}

	// A whole body, then an answer that takes longer than the body
	// timeout: the stats of a deck, asked twice on one connection.
	body := "game: seeker-chronicles\n3 Comet\n"
	conn2, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.Close()
	br := bufio.NewReader(conn2)
	for i := range 2 {
		if _, err := conn2.Write([]byte("POST /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)); err != nil {
			t.Fatal(err)
		}
		_ = conn2.SetReadDeadline(time.Now().Add(20 * time.Second))
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("request %d on a kept-alive connection: %v", i+1, err)
		}
		data, err := io.ReadAll(res.Body)
		if err != nil || res.StatusCode != 200 || !strings.Contains(string(data), `"cards": 3`) {
			t.Fatalf("request %d on a kept-alive connection: %d %s %v", i+1, res.StatusCode, data, err)
		}
		time.Sleep(300 * time.Millisecond) // longer than the body timeout
	}
}

// /api/decks and the pages list only the decks they can open (issue 25
// item 6): a deck over MaxDeckSize is left out of the list.
func TestDeckListOpens(t *testing.T) {
	ts, decks := newTestServer(t)
	if err := os.WriteFile(filepath.Join(decks, "small.txt"), []byte("3 Comet\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(decks, "huge.txt"), make([]byte, MaxDeckSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	got := do(t, "GET", ts.URL+"/api/decks", "")
	if got.code != 200 || !strings.Contains(got.body, `"small.txt"`) || strings.Contains(got.body, "huge") {
		t.Errorf("/api/decks: %d %s, want small.txt only", got.code, got.body)
	}
	if open := do(t, "GET", ts.URL+"/api/decks/huge.txt", ""); open.code == 200 {
		t.Errorf("huge.txt opened: %d", open.code)
	}
	if home := do(t, "GET", ts.URL+"/", ""); strings.Contains(home.body, "huge.txt") {
		t.Errorf("the start page lists huge.txt")
	}
}
