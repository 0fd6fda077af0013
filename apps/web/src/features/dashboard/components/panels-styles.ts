// The dashboard panels' sheets in cascade order (the later may override the earlier), kept in one
// place so the panels that share them cannot load them in different orders.
import '../../../components/surface.css';
import './panels-frame.css';
import './panels-lists.css';
