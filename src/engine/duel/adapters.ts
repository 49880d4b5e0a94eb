// Each ruleset that can be simulated registers its duel adapter here.
import "./steel";
import "./actionpoints";
import "./opposed";
import "./phases";
import "./pulse";
