#include "nn/mlp/mlp_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <type_traits>

#include "nn/features/encoding.hpp"
#include "nn/features/grand_features.hpp"
#include "nn/features/sparse_features.hpp"
#include "nn/mlp/grand_piece_accumulator.hpp"
#include "nn/mlp/mlp_policy.hpp"
#include "nn/mlp/piece_accumulator.hpp"
#include "nn/mlp/quantized_mlp.hpp"
#include "nn/mlp/simd.hpp"
#include "nn/mlp/unit_order.hpp"

namespace camelot {
namespace {

// `rows` x `columns` row-major -> `columns` x `rows`.
std::vector<float> transposed(const std::vector<float>& m, int rows, int columns) {
  std::vector<float> t(m.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      t[static_cast<std::size_t>(c) * rows + r] = m[static_cast<std::size_t>(r) * columns + c];
  return t;
}

// out[0..n) = init[0..n) + the sum over k < count of scale(k) * row(k)[0..n), in blocks of
// kBlock floats held in registers across the whole sum: every step is an independent
// multiply-add the compiler vectorises (a dot product's running sum would not be, without
// reassociation), and `out` is written once. A scale of exactly 0 (the clipped ReLU's floor)
// skips its row.
constexpr int kBlock = 32;

template <typename Row, typename Scale>
void sumRows(const float* init, int n, int count, Row row, Scale scale, float* out) {
  int j = 0;
  for (; j + kBlock <= n; j += kBlock) {
    float block[kBlock];
    for (int t = 0; t < kBlock; ++t)
      block[t] = init[j + t];
    for (int k = 0; k < count; ++k) {
      const float x = scale(k);
      if (x == 0.0f) continue;
      const float* r = row(k) + j;
      for (int t = 0; t < kBlock; ++t)
        block[t] += x * r[t];
    }
    for (int t = 0; t < kBlock; ++t)
      out[j + t] = block[t];
  }
  if (j == n) return;
  for (int t = j; t < n; ++t)
    out[t] = init[t];
  for (int k = 0; k < count; ++k) {
    const float x = scale(k);
    if (x == 0.0f) continue;
    const float* r = row(k);
    for (int t = j; t < n; ++t)
      out[t] += x * r[t];
  }
}

// out = bias + W in, with W stored transposed ([in][out]).
void affineTransposed(const std::vector<float>& weightsT, const std::vector<float>& bias,
                      const float* in, int inputs, float* out) {
  const int outputs = static_cast<int>(bias.size());
  sumRows(
      bias.data(), outputs, inputs,
      [&](int k) { return weightsT.data() + static_cast<std::size_t>(k) * outputs; },
      [&](int k) { return in[k]; }, out);
}

// `w` laid out for inference: the wide matrices transposed to [in][out]; the heads (wdl and
// movesLeft, [out][hidden]) stay rows, each output one dot product; the move embeddings stay
// [cells][width], a row for each cell the query is scored against (EmbeddingScores).
MlpWeights forInference(MlpWeights w) {
  const NetworkConfig& c = w.config;
  w.layer1 = transposed(w.layer1, c.hidden, c.accumulator);
  w.layer2 = transposed(w.layer2, c.hidden, c.hidden);
  w.query = transposed(w.query, c.moveEmbedding, c.accumulator);
  return w;
}

// The integer form of `weights`, its accumulator's units paired by their activity in positions
// of the network's game (nn/mlp/unit_order.hpp).
QuantizedMlp quantizedWithPairedUnits(const MlpWeights& weights) {
  QuantizedMlp net = quantize(weights);
  const UnitActivity activity = weights.config.variant == Variant::Grand
                                    ? sampledUnitActivity<GrandRules>(net)
                                    : sampledUnitActivity<StandardRules>(net);
  reorderUnits(net, pairedUnitOrder(activity));
  return net;
}

class MlpModel;

// One per variant (engine/game_rules.hpp): the features, the policy grouping and the move kinds
// are the variant's overloads (nn/features/sparse_features.hpp, nn/features/grand_features.hpp);
// the layers are the same. The value path and the policy's query run in integers when the model
// has them, each keeping its piece columns' sum from one position to the next.
template <class Rules>
class MlpEvaluator : public BasicEvaluator<Rules> {
 public:
  explicit MlpEvaluator(std::shared_ptr<const MlpModel> model);
  void evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                std::span<Evaluation> results) override;

 private:
  // The heads' outputs (kHeadOutputs: the value's logits, the moves left) from the request into
  // heads_, and the clipped accumulator the policy's query reads: accumulator_ in float,
  // quantizedActivations_ in the integer path. The integer path declines (returns false,
  // computing nothing) a position with more node features active than the accumulator's scale
  // allows for (MlpInputShape::mostNodeFeatures), which the float path then takes.
  void headsInFloat(const BasicEvaluationRequest<Rules>& r);
  bool headsInIntegers(const BasicEvaluationRequest<Rules>& r);
  // The priors from query_ in the reference form (the standard game's integer path has
  // onePass_, which gives the same numbers).
  void priorsFromQuery(const BasicEvaluationRequest<Rules>& r, std::vector<float>& out);

  std::shared_ptr<const MlpModel> model_;
  std::vector<std::int32_t> features_;
  std::vector<float> accumulator_, hidden1_, hidden2_, query_, logits_;
  std::array<float, kHeadOutputs> heads_;
  EmbeddingScores fromScores_, toScores_, kindScores_;
  std::vector<int> slotKinds_;
  LegalPolicy legal_;
  // The integer path (MlpInference::Quantized): the variant's piece accumulator, and the
  // standard game's onePass_.
  using PieceSums = std::conditional_t<std::is_same_v<Rules, StandardRules>, PieceAccumulator,
                                       GrandPieceAccumulator>;
  std::unique_ptr<PieceSums> pieces_;
  std::optional<OnePassPolicy> onePass_;
  std::vector<const std::int16_t*> featureColumns_;
  simd::AlignedVector<std::int16_t> quantizedActivations_;
  QuantizedScratch scratch_;
  int mostNodeFeatures_;
};

class MlpModel : public Model {
 public:
  MlpModel(MlpWeights weights, MlpInference inference)
      : quantized_(inference == MlpInference::Quantized
                       ? std::make_optional(quantizedWithPairedUnits(weights))
                       : std::nullopt),
        w_(forInference(std::move(weights))) {}

  const NetworkConfig& config() const override { return w_.config; }
  std::unique_ptr<Evaluator> evaluator(
      int /*threads: one evaluate call runs on one core*/) const override {
    requireVariant(Variant::Standard);
    return std::make_unique<MlpEvaluator<StandardRules>>(self());
  }
  std::unique_ptr<GrandEvaluator> grandEvaluator() const override {
    requireVariant(Variant::Grand);
    return std::make_unique<MlpEvaluator<GrandRules>>(self());
  }
  // Transposed (forInference).
  const MlpWeights& weights() const { return w_; }
  // The integer form, where the model runs in it.
  const std::optional<QuantizedMlp>& quantized() const { return quantized_; }

 private:
  std::shared_ptr<const MlpModel> self() const {
    return std::static_pointer_cast<const MlpModel>(shared_from_this());
  }

  std::optional<QuantizedMlp> quantized_;
  MlpWeights w_;
};

template <class Rules>
MlpEvaluator<Rules>::MlpEvaluator(std::shared_ptr<const MlpModel> model)
    : model_(std::move(model)),
      fromScores_(mlpInputShape(model_->config().variant).cells),
      toScores_(mlpInputShape(model_->config().variant).cells),
      kindScores_(mlpInputShape(model_->config().variant).kinds),
      mostNodeFeatures_(mlpInputShape(model_->config().variant).mostNodeFeatures) {
  const NetworkConfig& c = model_->config();
  accumulator_.resize(static_cast<std::size_t>(c.accumulator));
  hidden1_.resize(static_cast<std::size_t>(c.hidden));
  hidden2_.resize(static_cast<std::size_t>(c.hidden));
  query_.resize(static_cast<std::size_t>(c.moveEmbedding));
  if (const std::optional<QuantizedMlp>& q = model_->quantized()) {
    pieces_ = std::make_unique<PieceSums>(*q);
    if constexpr (std::is_same_v<Rules, StandardRules>) {
      const MlpWeights& w = model_->weights();
      onePass_.emplace(
          MoveEmbeddings{&w.fromEmbedding, &w.toEmbedding, &w.kindEmbedding, c.moveEmbedding});
    }
    quantizedActivations_.resize(static_cast<std::size_t>(q->accumulator));
  }
}

template <class Rules>
void MlpEvaluator<Rules>::headsInFloat(const BasicEvaluationRequest<Rules>& r) {
  const MlpWeights& w = model_->weights();
  const int a = w.config.accumulator, h = w.config.hidden;
  features_.clear();
  activeFeatures(*r.position, *r.moves, r.repetitions, features_);
  float* acc = accumulator_.data();
  sumRows(
      w.featureBias.data(), a, static_cast<int>(features_.size()),
      [&](int k) {
        return w.features.data() +
               static_cast<std::size_t>(features_[static_cast<std::size_t>(k)]) * a;
      },
      [](int) { return 1.0f; }, acc);
  for (int k = 0; k < a; ++k)
    acc[k] = clipped(acc[k]);

  affineTransposed(w.layer1, w.layer1Bias, acc, a, hidden1_.data());
  for (float& x : hidden1_)
    x = clipped(x);
  affineTransposed(w.layer2, w.layer2Bias, hidden1_.data(), h, hidden2_.data());
  for (float& x : hidden2_)
    x = clipped(x);
  for (std::size_t j = 0; j < 3; ++j)
    heads_[j] = w.wdlBias[j] +
                simd::dot(w.wdl.data() + j * static_cast<std::size_t>(h), hidden2_.data(), h);
  heads_[3] = w.movesLeftBias[0] + simd::dot(w.movesLeft.data(), hidden2_.data(), h);
}

template <class Rules>
bool MlpEvaluator<Rules>::headsInIntegers(const BasicEvaluationRequest<Rules>& r) {
  const QuantizedMlp& q = *model_->quantized();
  const auto& p = *r.position;
  // Each game adds its node features to the sum kept from the last position of the same view
  // (PieceAccumulator, GrandPieceAccumulator): the standard game's keeps the state features
  // (castle counters, must-leave, clock) with the pieces, so only the tactical ones are added
  // here, and at most kStateFeatures of the node features are the state's.
  features_.clear();
  std::size_t nodeCount = 0;
  if constexpr (std::is_same_v<Rules, StandardRules>) {
    tacticalFeatures(p, *r.moves, r.repetitions, features_);
    nodeCount = features_.size() + kStateFeatures;
  } else {
    nodeFeatures(p, *r.moves, r.repetitions, features_);
    nodeCount = features_.size();
  }
  if (nodeCount > static_cast<std::size_t>(mostNodeFeatures_)) return false;
  featureColumns_.clear();
  for (const std::int32_t f : features_)
    featureColumns_.push_back(column(q, f));
  if constexpr (std::is_same_v<Rules, StandardRules>)
    pieces_->clippedSums(p, p.sideToMove(), featureColumns_, quantizedActivations_.data());
  else
    pieces_->clippedSums(p, p.toMove, featureColumns_, quantizedActivations_.data());
  quantizedHeads(q, quantizedActivations_.data(), scratch_, heads_.data());
  return true;
}

template <class Rules>
void MlpEvaluator<Rules>::priorsFromQuery(const BasicEvaluationRequest<Rules>& r,
                                          std::vector<float>& out) {
  const MlpWeights& w = model_->weights();
  const int width = w.config.moveEmbedding;
  assignLegalPolicy(legal_, *r.position, *r.moves);
  slotKinds(legal_, *r.moves, slotKinds_);
  logits_.resize(legal_.size());
  fromScores_.reset();
  toScores_.reset();
  kindScores_.reset();
  const int cells = mlpInputShape(w.config.variant).cells;
  const float* query = query_.data();
  for (std::size_t s = 0; s < legal_.size(); ++s) {
    const int index = legal_.indices[s];
    logits_[s] = fromScores_(w.fromEmbedding, query, width, index / cells) +
                 toScores_(w.toEmbedding, query, width, index % cells) +
                 kindScores_(w.kindEmbedding, query, width, slotKinds_[s]);
  }
  priorsFromLogits(legal_, logits_, out);
}

template <class Rules>
void MlpEvaluator<Rules>::evaluate(std::span<const BasicEvaluationRequest<Rules>> requests,
                                   std::span<Evaluation> results) {
  if (results.size() != requests.size())
    throw std::invalid_argument("mlp evaluator: one result per request expected");
  const MlpWeights& w = model_->weights();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const BasicEvaluationRequest<Rules>& r = requests[i];
    Evaluation& result = results[i];
    const bool inIntegers = model_->quantized() && headsInIntegers(r);
    if (!inIntegers) headsInFloat(r);

    float wdl[3] = {heads_[0], heads_[1], heads_[2]};
    const float top = std::max({wdl[0], wdl[1], wdl[2]});
    float sum = 0.0f;
    for (float& x : wdl)
      sum += (x = x == top ? 1.0f : std::exp(x - top));  // e^0 is 1: one call fewer
    result.value = {wdl[0] / sum, wdl[1] / sum, wdl[2] / sum};
    result.movesLeft = std::max(0.0f, heads_[3] * 100.0f);

    result.priors.resize(r.needPriors ? r.moves->size() : 0);
    if (result.priors.empty()) continue;
    if (!inIntegers) {
      affineTransposed(w.query, w.queryBias, accumulator_.data(), w.config.accumulator,
                       query_.data());
      priorsFromQuery(r, result.priors);
      continue;
    }
    quantizedQuery(*model_->quantized(), quantizedActivations_.data(), scratch_, query_.data(),
                   static_cast<int>(query_.size()));
    if constexpr (std::is_same_v<Rules, StandardRules>)
      onePass_->priors(*r.position, *r.moves, query_.data(), result.priors);
    else
      priorsFromQuery(r, result.priors);
  }
}

}  // namespace

std::shared_ptr<const Model> makeMlpModel(MlpWeights weights, MlpInference inference) {
  validate(weights.config);
  return std::make_shared<const MlpModel>(std::move(weights), inference);
}

}  // namespace camelot
