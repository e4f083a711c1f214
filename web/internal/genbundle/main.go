// Command genbundle writes web/dist (see package bundle). It runs from
// go generate in the web directory.
package main

import (
	"fmt"
	"os"

	"github.com/norns-games/norns/web/internal/bundle"
)

func main() {
	if err := bundle.Write("."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
