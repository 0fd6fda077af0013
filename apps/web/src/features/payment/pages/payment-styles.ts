// The payment pages' sheets in cascade order (a later one may override an earlier one), kept in
// one place so the three pages that share them cannot load them in different orders.
import './payment-frame.css';
import './payment-join-type.css';
import './payment-packages.css';
import './payment-plan.css';
import './payment-result.css';
import './payment-current.css';
