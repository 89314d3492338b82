// @{name}: a Ruckus bot in C++. It answers each decision with a uniformly random index into
// the legal actions, so it plays any game the referee hosts; Describe says which games it
// plays: the game this project was made for, or each --game NAME given. Edit choose() to
// make it smarter.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <grpcpp/grpcpp.h>

#include "ruckus/v1/bot.grpc.pb.h"

namespace {

constexpr int kMaxMessageBytes = 4 * 1024 * 1024;

class MyBot final : public ruckus::v1::Bot::Service {
 public:
  explicit MyBot(std::vector<std::string> games) : games_(std::move(games)) {}

  // Who the bot is; the referee seats it only in matches of the games listed here.
  grpc::Status Describe(grpc::ServerContext*, const ruckus::v1::DescribeRequest*,
                        ruckus::v1::BotInfo* info) override {
    info->set_name("@{name}");
    info->set_version("0.1.0");
    info->set_language("cpp");
    for (const std::string& game : games_) info->add_games(game);
    return grpc::Status::OK;
  }

  // One stream per seat per match: MatchStart, then DecisionRequests, each answered with its
  // decision_id, then MatchEnd, after which the bot ends the stream.
  grpc::Status Play(
      grpc::ServerContext*,
      grpc::ServerReaderWriter<ruckus::v1::BotMessage, ruckus::v1::RefereeMessage>* stream)
      override {
    std::mt19937_64 rng{std::random_device{}()};
    ruckus::v1::RefereeMessage message;
    while (stream->Read(&message)) {
      if (message.has_decision()) {
        const ruckus::v1::DecisionRequest& request = message.decision();
        ruckus::v1::BotMessage reply;
        reply.mutable_decision()->set_decision_id(request.decision_id());
        reply.mutable_decision()->set_action_index(choose(request, rng));
        if (!stream->Write(reply)) break;
      } else if (message.has_end()) {
        break;
      }
    }
    return grpc::Status::OK;
  }

 private:
  // Return the index of the action to play. request.observation() is what your seat may
  // know; each of request.legal_actions() has a label (the action as the game writes it) and a typed action.
  static int choose(const ruckus::v1::DecisionRequest& request, std::mt19937_64& rng) {
    std::uniform_int_distribution<int> pick(0, request.legal_actions_size() - 1);
    return pick(rng);
  }

  const std::vector<std::string> games_;
};

// The value of the command-line option `name` (the last one given), or "".
std::string Option(int argc, char** argv, const std::string& name) {
  std::string value;
  for (int i = 1; i + 1 < argc; ++i) {
    if (argv[i] == name) value = argv[i + 1];
  }
  return value;
}

// The games to list in Describe: every --game NAME, else the game this project was made for.
std::vector<std::string> Games(int argc, char** argv) {
  std::vector<std::string> games;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string(argv[i]) == "--game") games.emplace_back(argv[i + 1]);
  }
  if (games.empty()) games.emplace_back("@{game}");
  return games;
}

// Where to listen: --port N, else $RUCKUS_ADDRESS (a unix: socket inside the strict
// sandbox), else 127.0.0.1:$RUCKUS_PORT.
std::string ListenAddress(int argc, char** argv) {
  std::string port = Option(argc, argv, "--port");
  if (port.empty()) {
    const char* address = std::getenv("RUCKUS_ADDRESS");
    if (address != nullptr && *address != '\0') return address;
    const char* variable = std::getenv("RUCKUS_PORT");
    if (variable == nullptr || *variable == '\0') return "";
    port = variable;
  }
  return "127.0.0.1:" + port;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string address = ListenAddress(argc, argv);
  if (address.empty()) {
    std::cerr << "@{name}: no address; pass --port N or set RUCKUS_ADDRESS or RUCKUS_PORT\n";
    return 2;
  }
  MyBot bot(Games(argc, argv));
  grpc::ServerBuilder builder;
  builder.AddListeningPort(address, grpc::InsecureServerCredentials());
  builder.SetMaxReceiveMessageSize(kMaxMessageBytes);
  builder.SetMaxSendMessageSize(kMaxMessageBytes);
  builder.RegisterService(&bot);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr) {
    std::cerr << "@{name}: cannot listen on " << address << "\n";
    return 1;
  }
  server->Wait();
  return 0;
}
