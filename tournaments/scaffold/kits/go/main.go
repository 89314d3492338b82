// @{name}: a Ruckus bot in Go. It answers each decision with a uniformly random index into the
// legal actions, so it plays any game the referee hosts; Describe says which games it plays
// (--game NAME, repeatable, replaces the game this project was made for). Edit choose to make
// it smarter.
package main

import (
	"context"
	"flag"
	"io"
	"log"
	"math/rand"
	"net"
	"os"
	"strings"
	"time"

	"google.golang.org/grpc"

	ruckusv1 "ruckus.example/proto/ruckus/v1"
)

const maxMessageBytes = 4 << 20

type myBot struct {
	ruckusv1.UnimplementedBotServer
	games []string
}

// Describe says who the bot is; the referee seats it only in matches of the games listed.
func (b *myBot) Describe(context.Context, *ruckusv1.DescribeRequest) (*ruckusv1.BotInfo, error) {
	return &ruckusv1.BotInfo{Name: "@{name}", Version: "0.1.0", Language: "go", Games: b.games}, nil
}

// Play serves one seat of one match: MatchStart, then DecisionRequests, each answered with its
// decision_id, then MatchEnd, after which the bot ends the stream.
func (b *myBot) Play(stream ruckusv1.Bot_PlayServer) error {
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	for {
		message, err := stream.Recv()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch kind := message.Kind.(type) {
		case *ruckusv1.RefereeMessage_Decision:
			request := kind.Decision
			decision := &ruckusv1.Decision{DecisionId: request.DecisionId, ActionIndex: choose(request, rng)}
			reply := &ruckusv1.BotMessage{Kind: &ruckusv1.BotMessage_Decision{Decision: decision}}
			if err := stream.Send(reply); err != nil {
				return err
			}
		case *ruckusv1.RefereeMessage_End:
			return nil
		}
	}
}

// choose returns the index of the action to play. request.Observation is what your seat may
// know; each of request.LegalActions has a Label (the action as the game writes it) and a typed Action.
func choose(request *ruckusv1.DecisionRequest, rng *rand.Rand) int32 {
	return int32(rng.Intn(len(request.LegalActions)))
}

// gameList collects every --game NAME.
type gameList []string

func (g *gameList) String() string { return strings.Join(*g, ",") }

func (g *gameList) Set(game string) error {
	*g = append(*g, game)
	return nil
}

// listen listens where the harness says: --port N, else $RUCKUS_ADDRESS (a unix: socket inside
// the strict sandbox), else 127.0.0.1:$RUCKUS_PORT.
func listen(port string) (net.Listener, error) {
	if port == "" {
		if address := os.Getenv("RUCKUS_ADDRESS"); address != "" {
			return net.Listen("unix", strings.TrimPrefix(address, "unix:"))
		}
		port = os.Getenv("RUCKUS_PORT")
	}
	if port == "" {
		log.Fatal("@{name}: no address; pass --port N or set RUCKUS_ADDRESS or RUCKUS_PORT")
	}
	return net.Listen("tcp", net.JoinHostPort("127.0.0.1", port))
}

func main() {
	var games gameList
	port := flag.String("port", "", "listen on 127.0.0.1:PORT (default: $RUCKUS_ADDRESS, else $RUCKUS_PORT)")
	flag.Var(&games, "game", "a game to list in Describe (repeatable; default: @{game})")
	flag.Parse()
	if len(games) == 0 {
		games = gameList{"@{game}"}
	}
	listener, err := listen(*port)
	if err != nil {
		log.Fatal(err)
	}
	server := grpc.NewServer(grpc.MaxRecvMsgSize(maxMessageBytes), grpc.MaxSendMsgSize(maxMessageBytes))
	ruckusv1.RegisterBotServer(server, &myBot{games: games})
	log.Fatal(server.Serve(listener))
}
