"""The AI players and the simulator that plays whole games with them."""
