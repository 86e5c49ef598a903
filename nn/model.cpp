#include "nn/model.hpp"

#include <stdexcept>
#include <string>

namespace camelot {

std::unique_ptr<GrandEvaluator> Model::grandEvaluator() const {
  requireVariant(Variant::Grand);
  throw std::logic_error("Model::grandEvaluator: a Grand Camelot model must override it");
}

void Model::requireVariant(Variant variant) const {
  if (config().variant != variant)
    throw std::invalid_argument("this network plays " + std::string(gameName(config().variant)) +
                                ", not " + std::string(gameName(variant)));
}

}  // namespace camelot
